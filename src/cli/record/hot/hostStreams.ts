import { isRecord } from '../../../core/schema/isRecord';
import { LIST_CHANGED_FIELD, type ListKind } from './restartTool';

type Obj = Record<string, unknown>;

const idKey = (id: unknown) => JSON.stringify(id);

interface HostStream {
  id: unknown;
  /** What the host's listen request asked for (`params.notifications`). */
  filter: Obj;
  /** The host's request, byte for byte: what a new child is sent. */
  line: Buffer;
  /** The host has its acknowledgement: a new child's is not passed on. */
  acknowledged: boolean;
  /** Sent to a new child whose acknowledgement has not come yet. */
  replayed: boolean;
  /** The proxy acknowledged it: the child has no `subscriptions/listen` (see `refused`). */
  byProxy: boolean;
  /** Settles the restart waiting for that acknowledgement (or the stream's end). */
  settle?: () => void;
}

/** What became of a child's acknowledgement. */
export type AckFate = 'host' | 'swallow' | 'other';

/**
 * The host's open 2026-07-28 `subscriptions/listen` streams. A stream outlives a restart
 * (the host still waits on it): its request goes to each new child under the same id, so
 * what that child sends on it carries the id the host knows ("Clients MUST correlate these
 * using the io.modelcontextprotocol/subscriptionId field in _meta").
 */
export class HostStreams {
  private readonly open = new Map<string, HostStream>();
  /** Streams the host ended while a new child had their request but not yet acknowledged it. */
  private readonly orphaned = new Set<string>();

  opened(id: unknown, params: unknown, line: Buffer): void {
    const filter = isRecord(params) && isRecord(params.notifications) ? params.notifications : {};
    this.idReused(id);
    this.open.set(idKey(id), { id, filter, line, acknowledged: false, replayed: false, byProxy: false });
  }

  /** The host sent a new request under `id`: an ended stream's answer can no longer be told from its, so none is taken. */
  idReused(id: unknown): void {
    this.orphaned.delete(idKey(id));
  }

  has(id: unknown): boolean {
    return this.open.has(idKey(id));
  }

  /** What the host asked for on that stream, if it is open. */
  filterOf(id: unknown): Obj | undefined {
    return this.open.get(idKey(id))?.filter;
  }

  /**
   * The stream ended (the host cancelled it, the child answered or cancelled it): forgotten.
   * A host's cancel can cross a new child's acknowledgement of the replay: that one is dropped.
   */
  ended(id: unknown, byHost = false): void {
    const key = idKey(id);
    const stream = this.open.get(key);
    if (!stream) return;
    this.open.delete(key);
    if (byHost && stream.replayed) this.orphaned.add(key);
    stream.settle?.();
  }

  /**
   * A child answered `id` (an error, or a result): true if it is a stream the host ended while
   * that child had its replayed request. The host asked for nothing more on it (no answer "to
   * the cancelled request"); the proxy, which sent that request, takes the answer.
   */
  answeredOrphan(id: unknown): boolean {
    return this.orphaned.delete(idKey(id));
  }

  /** Every open stream ends with the child (it died on its own): their ids, forgotten. */
  endAll(): unknown[] {
    const ids = [...this.open.values()].map((s) => s.id);
    for (const id of ids) this.ended(id);
    this.orphaned.clear();
    return ids;
  }

  /**
   * A child acknowledged subscription `id`: the host's first acknowledgement goes to the host;
   * a replayed stream's is swallowed (the host already has one, and "This notification MUST be
   * the first message the server sends carrying the subscription's ID").
   */
  acknowledged(id: unknown): AckFate {
    const key = idKey(id);
    if (this.orphaned.delete(key)) return 'swallow';
    const stream = this.open.get(key);
    if (!stream) return 'other';
    if (!stream.acknowledged) {
      stream.acknowledged = true;
      stream.replayed = false;
      return 'host';
    }
    if (!stream.replayed) return 'host';
    stream.replayed = false;
    // A new child that listens serves a stream the proxy acknowledged for an older one.
    stream.byProxy = false;
    stream.settle?.();
    return 'swallow';
  }

  /**
   * The child answered stream `id` with "Method not found": it has no `subscriptions/listen`.
   * The proxy declared listChanged for the `honoured` lists (server/discover) and sends their
   * list_changed after a restart, so it keeps a stream that asked for any of them: a first
   * refusal returns what the proxy grants (its acknowledgement to send: "the subset of requested
   * notification types the server agreed to honor"), a replay's refusal of a stream the proxy
   * already serves is `keep` (dropped). `pass`: the refusal ends the host's stream (nothing the
   * proxy sends was asked for, or a child once acknowledged it and another refuses it).
   */
  refused(id: unknown, honoured: readonly ListKind[]): 'pass' | 'keep' | Obj {
    const stream = this.open.get(idKey(id));
    if (!stream) return 'pass';
    if (stream.byProxy) {
      stream.replayed = false;
      stream.settle?.();
      return 'keep';
    }
    if (stream.acknowledged) return 'pass';
    const granted = honoured.map((kind) => LIST_CHANGED_FIELD[kind]).filter((field) => stream.filter[field] === true);
    if (granted.length === 0) return 'pass';
    stream.acknowledged = true;
    stream.byProxy = true;
    return Object.fromEntries(granted.map((field) => [field, true]));
  }

  /**
   * Sends every open stream's request to a new child; resolves once each acknowledged stream
   * is acknowledged again or ended (an error answer reaches the host as its stream's end), or
   * after `timeoutMs`. A stream never acknowledged gets its first acknowledgement from this child.
   */
  replay(write: (line: Buffer) => void, timeoutMs: number): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const stream of this.open.values()) {
      if (stream.acknowledged) {
        stream.replayed = true;
        waits.push(new Promise<void>((resolve) => (stream.settle = resolve)));
      }
      write(stream.line);
    }
    if (waits.length === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs).unref();
      void Promise.all(waits).then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** The ids of the open streams whose filter asked for `kind`'s list_changed. */
  asking(kind: ListKind): unknown[] {
    return [...this.open.values()].filter((s) => s.filter[LIST_CHANGED_FIELD[kind]] === true).map((s) => s.id);
  }
}
