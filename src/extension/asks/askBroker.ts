import type { Elicit } from '../../core/session/elicitation';
import { elicitResult } from '../../core/session/elicitation';
import type { Sample } from '../../core/session/sampling';
import { typedReply } from '../../core/session/sampling';
import { RefusedAskError } from '../../core/session/errors';
import { validateArguments } from '../../core/schema/argsValidator';
import type { FieldError } from '../../core/schema/formTypes';
import { Disposable } from '../lifecycle';
import type { ServerEntry } from '../serverEntry';
import { openServerLink } from '../shown/openLink';
import { elicitationAsk, samplingAsk } from './askOf';
import type { Ask, AskReply } from './askProtocol';
import { answerWithModel, availableModel } from './modelAnswer';

/** Where an ask is shown: the tool panel running the call, or an ask panel of its own. */
export interface AskSurface {
  show(ask: Ask): void;
  showErrors(id: number, errors: FieldError[]): void;
  done(id: number, how: string): void;
}

interface Pending {
  ask: Ask;
  entry: ServerEntry;
  params: Record<string, unknown>;
  surface: AskSurface;
  resolve(result: Record<string, unknown>): void;
  reject(error: Error): void;
}

/** A plain-data view of a pending ask, for the integration tests (mcpLens.asks.pending). */
export interface PendingAsk {
  ask: Ask;
  /** 'tool' when shown in the tool panel running the call, 'panel' in an ask panel. */
  shownIn: 'tool' | 'panel';
}

/**
 * Answers the server→client asks of every server the editor runs: each elicitation or
 * sampling request is shown where the developer is (the tool panel running a call to that
 * server, else an ask panel), and resolved with what they answer there.
 */
export class AskBroker extends Disposable {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private toolSurface: (entry: ServerEntry) => AskSurface | undefined = () => undefined;

  constructor(private readonly standalone: (entry: ServerEntry) => AskSurface) {
    super();
    this.register({ dispose: () => [...this.pending.keys()].forEach((id) => this.withdraw(id, 'MCP Lens is closing')) });
  }

  /** The tool panels say which of them runs a call to a server (set once they exist). */
  setToolSurfaces(find: (entry: ServerEntry) => AskSurface | undefined): void {
    this.toolSurface = find;
  }

  elicitFor(entry: ServerEntry): Elicit {
    return (params) => this.open(entry, params, (id) => elicitationAsk(id, entry.name, params));
  }

  sampleFor(entry: ServerEntry): Sample {
    return async (params) => {
      const model = await availableModel();
      return this.open(entry, params, (id) => samplingAsk(id, entry.name, params, model?.name));
    };
  }

  private open(entry: ServerEntry, params: Record<string, unknown>, make: (id: number) => Ask): Promise<Record<string, unknown>> {
    const ask = make(this.nextId++);
    const tool = this.toolSurface(entry);
    const surface = tool ?? this.standalone(entry);
    return new Promise((resolve, reject) => {
      this.pending.set(ask.id, { ask, entry, params, surface, resolve, reject });
      surface.show(ask);
    });
  }

  list(isTool: (surface: AskSurface) => boolean): PendingAsk[] {
    return [...this.pending.values()].map((p) => ({ ask: p.ask, shownIn: isTool(p.surface) ? 'tool' : 'panel' }));
  }

  /** What the developer did in a webview (or a test through mcpLens.asks.answer). */
  async answer(reply: AskReply): Promise<void> {
    const p = this.pending.get(reply.id);
    if (!p) return;
    switch (reply.type) {
      case 'askOpenUrl':
        if (p.ask.kind === 'url') await openServerLink(p.entry.name, p.ask.url);
        return;
      case 'askReply':
        if (p.ask.kind === 'sample') this.settle(p, typedReply(reply.text), 'answered by hand');
        return;
      case 'askUseModel': {
        if (p.ask.kind !== 'sample') return;
        const result = await answerWithModel(p.entry.name, p.params).catch((error: unknown) => {
          p.surface.done(p.ask.id, `the model failed: ${error instanceof Error ? error.message : String(error)}`);
          return undefined;
        });
        if (result && this.pending.has(p.ask.id)) this.settle(p, result, `answered by ${String(result.model)}`);
        return;
      }
      case 'askAnswer':
        return this.answerAction(p, reply.action, reply.content);
    }
  }

  private answerAction(p: Pending, action: 'accept' | 'decline' | 'cancel', content: Record<string, unknown> | undefined): void {
    if (p.ask.kind === 'sample') {
      // A sampling request the user turns down: the spec's example answers -1 "User rejected sampling request".
      this.pending.delete(p.ask.id);
      p.surface.done(p.ask.id, action === 'decline' ? 'declined' : 'cancelled');
      p.reject(new RefusedAskError('User rejected sampling request'));
      return;
    }
    if (action === 'accept' && p.ask.kind === 'form') {
      const result = elicitResult({ action, content }, p.params);
      const checked = validateArguments(p.params.requestedSchema, result.content);
      if (!checked.valid) {
        p.surface.showErrors(p.ask.id, checked.errors);
        return;
      }
      this.settle(p, result, 'accepted');
      return;
    }
    this.settle(p, { action }, action === 'accept' ? 'accepted' : action === 'decline' ? 'declined' : 'cancelled');
  }

  private settle(p: Pending, result: Record<string, unknown>, how: string): void {
    this.pending.delete(p.ask.id);
    p.surface.done(p.ask.id, how);
    p.resolve(result);
  }

  /** A surface went away (its panel closed, its call ended): what it still showed is cancelled. */
  dropSurface(surface: AskSurface, why: string): void {
    for (const [id, p] of this.pending) if (p.surface === surface) this.withdraw(id, why);
  }

  private withdraw(id: number, why: string): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    p.surface.done(id, `withdrawn: ${why}`);
    if (p.ask.kind === 'sample') p.reject(new RefusedAskError(`User rejected sampling request (${why})`));
    else p.resolve({ action: 'cancel' });
  }
}
