/**
 * What the host of `record --watch` knows of each list: the params of its last first-page
 * list request of each kind and what that answer held, so that after a restart the proxy can
 * ask the new child the same and tell the host which lists changed.
 */
import { isRecord } from '../../../core/schema/isRecord';
import { LIST_KIND_OF, listItems, type ListKind } from './restartTool';

type Obj = Record<string, unknown>;

export class HostLists {
  private readonly requests: Partial<Record<ListKind, unknown>> = {};
  private readonly items: Partial<Record<ListKind, string>> = {};

  /** A host request: its list kind when it asks for a first page (its answer is what the host knows of that list). */
  requested(method: string, params: unknown): ListKind | undefined {
    const listKind = LIST_KIND_OF[method];
    const firstPage = listKind !== undefined && !(isRecord(params) && params.cursor !== undefined);
    if (!firstPage) return undefined;
    this.requests[listKind] = params;
    return listKind;
  }

  /** The child answered the host's first-page request of `kind`. */
  answered(kind: ListKind, answer: Obj): void {
    this.items[kind] = listItems(kind, answer);
  }

  /** Asks a restarted child each list the host has asked for; `changed` hears each kind whose items differ now. */
  async relist(ask: (request: Obj) => Promise<Obj | undefined>, changed: (kind: ListKind) => void): Promise<void> {
    for (const kind of Object.keys(this.requests) as ListKind[]) {
      const answer = await ask({
        jsonrpc: '2.0',
        method: `${kind}/list`,
        ...(this.requests[kind] !== undefined ? { params: this.requests[kind] } : {}),
      });
      const items = answer ? listItems(kind, answer) : undefined;
      if (items === this.items[kind]) continue;
      this.items[kind] = items;
      changed(kind);
    }
  }
}
