import type { AnswerPaths } from '../clientCapabilities';
import type { InputAnswerers } from '../inputRequired';
import type { Root } from '../roots';
import type { ClientFeature, FeatureHost } from './feature';

/** roots/list: the directories the client exposes, declared only when it was given some. */
export class RootsFeature implements ClientFeature {
  constructor(
    private readonly host: FeatureHost,
    private roots: Root[] | undefined,
  ) {}

  /** The roots roots/list answers with now (undefined: the client declared no roots). */
  get current(): Root[] | undefined {
    return this.roots;
  }

  fillAnswerPaths(paths: AnswerPaths): void {
    paths.roots = !!this.roots;
  }

  fillAnswerers(answerers: InputAnswerers): void {
    if (this.roots) answerers['roots/list'] = async () => ({ roots: this.roots });
  }

  /**
   * New roots (a workspace folder added, a setting changed). Legacy: "When roots change,
   * clients that support listChanged MUST send a notification" (2026-07-28 has no such
   * notification: the next InputRequiredResult asking roots/list gets the new ones).
   */
  async setRoots(roots: Root[]): Promise<void> {
    if (!this.roots) throw new Error('setRoots: this client was created without roots, so it did not declare the roots capability');
    this.roots = roots;
    if (this.host.info()?.era === 'legacy' && !this.host.exchange.isClosed)
      await this.host.exchange.notify('notifications/roots/list_changed');
  }
}
