import { MAX_TIMER_MS } from '../util/longTimeout';
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
 * order"). Owns their timeouts: "MAY reset on progress but SHOULD always enforce a maximum
 * timeout".
 *
 * One timer serves every request (a timer of its own per request was a tenth of a client's
 * CPU per call): it is armed for the earliest due time and left alone while later ones come
 * and go, since a request usually ends long before its timeout. It holds the process open
 * only while a request waits, as the per-request timers did.
 */
export class PendingRequests {
  private readonly byId = new Map<number, PendingRequest>();
  /** When each request times out (Date.now() scale). */
  private readonly due = new Map<number, number>();
  private readonly byToken = new Map<number | string, number>();
  private timer: NodeJS.Timeout | undefined;
  /** The due time the timer was armed for. */
  private armedFor = Infinity;
  /** When the timer runs: `armedFor`, or sooner when that is further off than MAX_TIMER_MS. */
  private firesAt = Infinity;

  get size(): number {
    return this.byId.size;
  }

  add(p: PendingRequest): void {
    this.byId.set(p.id, p);
    if (p.progressToken !== undefined) this.byToken.set(p.progressToken, p.id);
    if (this.byId.size === 1) this.timer?.ref();
    this.schedule(p.id, Math.min(p.timeoutMs, p.deadline - p.startedAt), p.startedAt);
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  get(id: number): PendingRequest | undefined {
    return this.byId.get(id);
  }

  /** Removes and returns the request; it no longer times out. */
  take(id: number): PendingRequest | undefined {
    const p = this.byId.get(id);
    if (!p) return undefined;
    this.byId.delete(id);
    this.due.delete(id);
    if (p.progressToken !== undefined) this.byToken.delete(p.progressToken);
    // Nothing waits: the timer (if it fires, it finds nothing due) must not keep the process alive.
    if (this.byId.size === 0) this.timer?.unref();
    return p;
  }

  /** A progress notification for an active request: restart its timeout, bounded by its deadline. */
  progress(token: number | string, progress: Progress): boolean {
    const id = this.byToken.get(token);
    const p = id === undefined ? undefined : this.byId.get(id);
    if (!p) return false;
    const now = Date.now();
    this.schedule(p.id, Math.min(p.timeoutMs, p.deadline - now), now);
    try {
      p.onProgress?.(progress);
    } catch (err) {
      console.error('MCP Lens: a progress listener threw', err);
    }
    return true;
  }

  /**
   * Restarts a request's timeout to `ms` from now, never beyond its deadline: the probe waits
   * its full budget for a server that has written nothing, then `ms` once it shows life.
   */
  rearm(id: number, ms: number): void {
    const p = this.byId.get(id);
    if (!p) return;
    const now = Date.now();
    this.schedule(id, Math.min(ms, p.deadline - now), now);
  }

  /** Removes and returns every request, oldest first (the connection is gone; each is settled by the caller). */
  takeAll(): PendingRequest[] {
    return [...this.byId.keys()].map((id) => this.take(id)!);
  }

  /** Request `id` times out `ms` after `from`; the timer is moved only if that is sooner than it was armed for. */
  private schedule(id: number, ms: number, from: number): void {
    const at = from + (ms > 0 ? ms : 0);
    this.due.set(id, at);
    if (at < this.armedFor) this.arm(at, from);
  }

  private arm(at: number, now: number): void {
    clearTimeout(this.timer);
    this.armedFor = at;
    const delay = Math.min(Math.max(0, at - now), MAX_TIMER_MS);
    this.firesAt = now + delay;
    this.timer = setTimeout(() => this.expire(), delay);
    if (this.byId.size === 0) this.timer.unref();
  }

  /**
   * The timer fired: every request due by now times out, earliest first (as their own timers
   * would have), and the timer is armed again for the next one. The request it was armed for
   * is due even if the clock reads a millisecond short (a timer may fire that early), unless
   * the timer only waited its longest step towards it.
   */
  private expire(): void {
    this.timer = undefined;
    const now = Date.now();
    // A timer that ran a step short of a far due time makes nothing due before it.
    const upTo = Math.max(now, Math.min(this.armedFor, this.firesAt));
    this.armedFor = Infinity;
    const expired: [number, number][] = [];
    for (const [id, at] of this.due) if (at <= upTo) expired.push([id, at]);
    expired.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
    for (const [id] of expired) {
      this.due.delete(id);
      const p = this.take(id);
      // One throwing callback must not leave the others overdue with no timer to end them.
      try {
        p?.onTimeout(Date.now() - p.startedAt);
      } catch (err) {
        console.error('MCP Lens: a request timeout handler threw', err);
      }
    }
    // Requests added by an onTimeout above have armed the timer already, if they are the soonest.
    let next = Infinity;
    for (const at of this.due.values()) if (at < next) next = at;
    if (next < this.armedFor) this.arm(next, Date.now());
  }
}
