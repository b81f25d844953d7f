import type { JsonRpcMessage } from '../wire/message';

/**
 * Who wrote the bytes: the client (c2s, our stdin writes), the server's stdout (s2c),
 * the server's stderr, or a lifecycle fact the client observed (meta).
 */
export type Direction = 'c2s' | 's2c' | 'stderr' | 'meta';

/** What a JSON-RPC message line is. Set whenever `msg` is set. */
export type MessageKind = 'request' | 'response' | 'notification';

/** What a stdout line that is not (only) a JSON-RPC message is. Never dropped: always an event. */
export type StrayKind =
  | 'stray' //        not JSON at all (a banner, console.log)
  | 'not-jsonrpc' //  valid JSON that is not a JSON-RPC 2.0 message (`json` holds the value)
  | 'partial' //      bytes with no final newline when the stream ended
  | 'oversize'; //    a line longer than the size cap; `raw` holds its head, `info.bytes` its size, `info.id` its top-level id

/** Lifecycle facts. `info` carries their details. */
export type MetaKind =
  | 'spawned' //      info: {pid, command, args, cwd}
  | 'spawn-failed' // info: {code: 'ENOENT'|'EACCES'|…, message, command}
  | 'exited' //       info: {code: number|null, signal: string|null}
  | 'stdin-closed'
  | 'timeout' //      info: {id, method, afterMs}
  | 'cancelled' //    info: {id, method, reason, local?}; local: the client stopped waiting without telling the server (lost at exit, a superseded initialize)
  | 'era' //          info: {era: 'modern'|'legacy', protocolVersion, reason}
  | 'stray-source' // info: {text, stack: [{file, line, column}]} from the stdout-write preload
  | 'http' //         info: {method, url, status?, statusText?, headers?, requestHeaders? (redacted), sessionId?, requestSeq?, body?, error?: {code, message}, phase?}
  | 'auth' //         info: {auth: AuthExchangeFact} one exchange of the OAuth flow (masked), or {authFailure: {rule, message, hint, evidence}}
  | 'app' //          info: {toApp: boolean, method?, id?, message} one MCP Apps message between an app's frame and the host bridge
  | 'probe' //       info: {outcome: ProbeOutcome} what a probe of `check` did, or {probe, verdict: ProbeVerdict} what it found (src/core/probe/probe.ts)
  | 'model' //      info: ModelTurn (src/core/eval/modelTurn.ts) one turn of an eval's conversation: the model's lane beside the wire
  | 'note'; //        info: free-form; raw is human readable

export type EventKind = MessageKind | StrayKind | MetaKind | 'log';

/**
 * One thing seen on the wire or in the lifecycle. DESIGN.md §3: every byte the client or
 * server writes, and every lifecycle fact, becomes exactly one of these.
 */
export interface TraceEvent {
  /** Position in the trace, from 1, strictly increasing. */
  seq: number;
  /** Wall-clock milliseconds since the epoch, with sub-millisecond fraction. */
  t: number;
  dir: Direction;
  /** The exact text of the line (without its newline), or a readable line for meta events. */
  raw: string;
  /** The parsed JSON-RPC message, when the line carries one (also when recovered from glued text). */
  msg?: JsonRpcMessage;
  kind?: EventKind;
  /** Text glued before the JSON message on the same stdout line (`ready {"jsonrpc":…}`); '' when the message follows another directly. */
  glued?: string;
  /**
   * One of the pieces cut from a stdout line that held more than one message, or a message
   * and text: each message is its own event (raw = its exact text, glued = the text before
   * it), and text after the last message is a 'stray' piece. The line is the concatenation, in
   * order, of every piece's `glued` and `raw` (its \r, if any, on the last piece: `crlf`; the
   * exact bytes of a line that was not UTF-8 on the first piece: `bytes`).
   */
  piece?: { index: number; count: number };
  /** The message was one JSON value spread over several stdout lines (raw joins them with \n). */
  multiline?: boolean;
  /** The line held bytes that are not UTF-8; raw is a lossy decoding, `bytes` the exact base64. */
  invalidUtf8?: boolean;
  bytes?: string;
  /** The line ended in \r\n; raw excludes the \r. */
  crlf?: boolean;
  /** For kind 'not-jsonrpc': the parsed JSON value. */
  json?: unknown;
  /** Details of meta events, and of 'oversize'. */
  info?: Record<string, unknown>;
}

/** An event before the trace numbers and stamps it. */
export type NewTraceEvent = Omit<TraceEvent, 'seq' | 't'> & { t?: number };

/** Fixed for the life of the process; its getter is not free, and every trace event reads the clock. */
const TIME_ORIGIN = performance.timeOrigin;

/** Milliseconds since the epoch with sub-millisecond resolution. */
export function now(): number {
  return TIME_ORIGIN + performance.now();
}
