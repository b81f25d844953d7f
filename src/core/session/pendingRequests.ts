import type { JsonRpcResponse } from '../wire/message';

export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

export interface PendingRequest {
  id: number;
  method: string;
  startedAt: number;
  /** Reset on each progress notification, never beyond `deadline`. */
  timeoutMs: number;
  deadline: number;
  progressToken?: number;
  onProgress?: (p: Progress) => void;
  settle(outcome: { response: JsonRpcResponse; seq: number } | { error: Error }): void;
  onTimeout(afterMs: number): void;
}

/**
 * The requests awaiting a response, keyed by id ("Responses are matched by id, never by
 * order"). Owns each request's timer: "MAY reset on progress but SHOULD always enforce a
 * maximum timeout".
 */
export class PendingRequests {
  private readonly byId = new Map<number, PendingRequest>();
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private readonly byToken = new Map<number | string, number>();

  get size(): number {
    return this.byId.size;
  }

  add(p: PendingRequest): void {
    this.byId.set(p.id, p);
    if (p.progressToken !== undefined) this.byToken.set(p.progressToken, p.id);
    this.arm(p, Math.min(p.timeoutMs, p.deadline - p.startedAt));
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  get(id: number): PendingRequest | undefined {
    return this.byId.get(id);
  }

  /** Removes and returns the request, stopping its timer. */
  take(id: number): PendingRequest | undefined {
    const p = this.byId.get(id);
    if (!p) return undefined;
    this.byId.delete(id);
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    if (p.progressToken !== undefined) this.byToken.delete(p.progressToken);
    return p;
  }

  /** A progress notification for an active request: restart its timer, bounded by its deadline. */
  progress(token: number | string, progress: Progress): boolean {
    const id = this.byToken.get(token);
    const p = id === undefined ? undefined : this.byId.get(id);
    if (!p) return false;
    clearTimeout(this.timers.get(p.id));
    this.arm(p, Math.min(p.timeoutMs, p.deadline - Date.now()));
    try {
      p.onProgress?.(progress);
    } catch (err) {
      console.error('MCP Lens: a progress listener threw', err);
    }
    return true;
  }

  /**
   * Restarts a request's timer to `ms` from now, never beyond its deadline: the probe waits
   * its full budget for a server that has written nothing, then `ms` once it shows life.
   */
  rearm(id: number, ms: number): void {
    const p = this.byId.get(id);
    if (!p) return;
    clearTimeout(this.timers.get(id));
    this.arm(p, Math.min(ms, p.deadline - Date.now()));
  }

  /** Removes and returns every request, oldest first (the connection is gone; each is settled by the caller). */
  takeAll(): PendingRequest[] {
    return [...this.byId.keys()].map((id) => this.take(id)!);
  }

  private arm(p: PendingRequest, ms: number): void {
    const timer = setTimeout(() => {
      if (!this.take(p.id)) return;
      p.onTimeout(Date.now() - p.startedAt);
    }, Math.max(0, ms));
    this.timers.set(p.id, timer);
  }
}
