import type { TraceEvent } from '../../trace/event';
import type { Trace } from '../../trace/trace';
import type { JsonRpcNotification, JsonRpcRequest } from '../../wire/message';
import type { ServerInfo } from '../clientOptions';
import type { AnswerPaths } from '../clientCapabilities';
import type { Exchange, RequestOptions } from '../exchange';
import type { InputAnswerers } from '../inputRequired';

/**
 * One protocol feature of McpClient, composed the way vscode-languageclient composes its
 * StaticFeatures: a feature says which of the server's asks it answers (the client
 * capabilities follow from that, clientCapabilities.ts), adds what it carries in a
 * 2026-07-28 request's `_meta`, takes the server's messages that are its own, and lets go of
 * what it holds when the connection ends. Its own state and its own API stay in its file;
 * the client only composes. A feature reaches the connection through its FeatureHost.
 * Collaborators with no hook (the era probe, input rounds, task runs) are composed the same
 * way but are not in this list.
 */
export interface ClientFeature {
  /** Marks the asks this feature can answer; each declares a client capability. */
  fillAnswerPaths?(paths: AnswerPaths): void;
  /** Adds its answerers of the server's asks (a legacy request, or an InputRequiredResult entry), by method. */
  fillAnswerers?(answerers: InputAnswerers): void;
  /** Adds what it carries in every 2026-07-28 request's `_meta`. */
  fillRequestMeta?(meta: Record<string, unknown>): void;
  /** A response that belongs to this feature rather than to a pending request; true when taken. */
  claimResponse?(e: TraceEvent): boolean;
  /** A request from the server; true when this feature answers it. */
  handleRequest?(msg: JsonRpcRequest): boolean;
  /** A result as the caller gets it (a feature may leave out what the client rejects). */
  screenResult?(method: string, result: Record<string, unknown>): Record<string, unknown>;
  /** Every notification the server sends, before the client's listeners hear it. */
  handleNotification?(msg: JsonRpcNotification, e: TraceEvent): void;
  /** The connection is over (`reason` says how): what the feature holds ends with it. */
  clear?(reason: string): void;
}

/** What a feature may use of the client it belongs to. */
export interface FeatureHost {
  readonly exchange: Exchange;
  readonly trace: Trace;
  /** The connection is Streamable HTTP (or HTTP+SSE), not stdio. */
  readonly overHttp: boolean;
  /** What the server said it is, once connect() has learnt it. */
  info(): ServerInfo | undefined;
  /** A 2026-07-28 request's `_meta` for `version`, declaring `extensions` on top of the client's capabilities. */
  requestMeta(version: string, extensions?: Record<string, unknown>): Record<string, unknown>;
  /** The client capabilities declared to a server of `era`. */
  declared(era: 'modern' | 'legacy'): Record<string, unknown>;
  /** Every ask the client answers, by method. */
  answerers(): InputAnswerers;
  /** The client's request(): input rounds followed, Streamable HTTP refusals recovered. */
  request(method: string, params?: Record<string, unknown>, opts?: RequestOptions): Promise<Record<string, unknown>>;
}
