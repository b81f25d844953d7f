import type { TraceEvent } from '../trace/event';
import type { JsonRpcMessage } from '../wire/message';
import type { Disposable } from '../util/disposable';

/**
 * What a transport's send() may return for a line it handed over at once: already resolved,
 * never rejected, shared by every such send. The client skips waiting on it (a derived promise
 * and a turn of the microtask queue per call, for nothing).
 */
export const SENT: Promise<void> = Promise.resolve();

/** How a connection ended: a child's exit status; both null for a connection with no process (HTTP). */
export interface ExitInfo {
  code: number | null;
  signal: string | null;
}

/**
 * What McpClient needs from a connection to a server, whatever carries it (stdio child,
 * Streamable HTTP). A transport records everything it sends and receives into its trace;
 * the client only reads the messages.
 */
export interface Transport {
  /** Prepares the connection; rejects (after recording why) if it cannot. */
  start(): Promise<void>;
  /**
   * Records the JSON-RPC text as a c2s event and delivers it; rejects if the server cannot be
   * reached or refuses it. `message`: the value `line` is the JSON text of, when the caller
   * built it (a transport may then skip parsing the line again; see recordSent).
   */
  send(line: string, message?: JsonRpcMessage): Promise<void>;
  /** s2c events that carry a message. */
  readonly onMessage: (listener: (e: TraceEvent) => void) => Disposable;
  /** Settles once the connection is over for good (the process exited, or close() finished). */
  readonly exited: Promise<ExitInfo>;
  close(): Promise<void>;
  /** The server's process id, when this transport started one. */
  readonly pid: number | undefined;
  /** Every living process of the server's tree (npx, `sh -c`, the server they run); none over HTTP. */
  processIds?(): Promise<number[]>;
}
