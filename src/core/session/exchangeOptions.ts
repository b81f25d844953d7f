/**
 * What a request may ask of the exchange (its timeouts, progress, cancellation, the internal
 * requests' extra rules), and what the exchange needs decided by the client that owns it.
 */
import type { TraceEvent } from '../trace/event';
import type { JsonRpcRequest } from '../wire/message';
import type { LateAnswer } from './lateModern';
import type { Progress } from './pendingRequests';

export interface RequestOptions {
  timeoutMs?: number;
  maxTimeoutMs?: number;
  onProgress?: (p: Progress) => void;
  signal?: AbortSignal;
  /** Learns the request's id once it is assigned (again for each round a server asks back). */
  onId?: (id: number) => void;
  /** Extensions this request declares in its `_meta` clientCapabilities (the tasks extension). */
  extensions?: Record<string, unknown>;
}

/** How an internal request behaves on timeout: the probe and `initialize` are never cancelled. */
export interface SendOptions extends RequestOptions {
  /** "The client MUST NOT cancel initialize"; a probe timeout is an answer, not a fault. */
  cancelOnTimeout?: boolean;
  /** Send params exactly as given (the probe builds its own `_meta`). */
  rawParams?: boolean;
  /** While the server has written nothing the request waits `timeoutMs`; from its first output, this long (the probe). */
  quietAfterLifeMs?: number;
  /** Where an answer that arrives after the timeout goes (the probe's late DiscoverResult). */
  onLate?: (answer: LateAnswer) => void;
}

/** What the client decides about the messages the exchange carries. */
export interface ExchangeHooks {
  /** The 2026-07-28 `_meta` a request carries (once the server is modern), or undefined. */
  requestMeta(extensions: Record<string, unknown> | undefined): Record<string, unknown> | undefined;
  /** A successful response's result as the caller gets it, or the error the request fails with. */
  readResult(
    method: string,
    result: Record<string, unknown>,
    seq: number,
    extensions: Record<string, unknown> | undefined,
  ): Record<string, unknown> | Error;
  /** A response that belongs to something other than a pending request (a listen stream); true when taken. */
  claimResponse(e: TraceEvent): boolean;
  onNotification(e: TraceEvent): void;
  onRequest(msg: JsonRpcRequest): void;
}

export interface ExchangeLimits {
  requestTimeoutMs: number;
  maxTimeoutMs: number;
  firstId: number;
}
