/**
 * A JSON-RPC error the server sent. Kept apart from local failures (timeouts, a closed
 * connection), which "cannot be mistaken for errors received from the peer", and from a
 * tool result with `isError: true`, which is a successful response for the model.
 */
export class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown,
    /** The trace seq of the error response, for evidence. */
    readonly responseSeq: number,
    readonly method?: string,
  ) {
    super(message);
    this.name = 'ProtocolError';
  }
}

/** No response within the request's timeout (reset by progress, bounded by the maximum). */
export class RequestTimeoutError extends Error {
  constructor(
    message: string,
    readonly method?: string,
    readonly afterMs?: number,
  ) {
    super(message);
    this.name = 'RequestTimeoutError';
  }
}

/** The connection closed (by us, or the server exited) before the response arrived. */
export class ConnectionClosedError extends Error {
  constructor(message = 'The connection to the server is closed') {
    super(message);
    this.name = 'ConnectionClosedError';
  }
}

/**
 * The response arrived on a line over the client's size cap: only its head was kept, so it
 * cannot be read. Said at once instead of waiting for the request's timeout.
 */
export class OversizeResponseError extends Error {
  constructor(
    message: string,
    readonly method: string,
    /** The trace seq of the oversize line, for evidence. */
    readonly responseSeq: number,
  ) {
    super(message);
    this.name = 'OversizeResponseError';
  }
}

/** The caller aborted the request; the server was sent notifications/cancelled. */
export class RequestCancelledError extends Error {
  constructor(message = 'The request was cancelled') {
    super(message);
    this.name = 'RequestCancelledError';
  }
}

/** A modern result whose `resultType` is not one we know: it "MUST be considered invalid". */
export class InvalidResultError extends Error {
  constructor(
    message: string,
    readonly result: Record<string, unknown>,
    readonly responseSeq: number,
  ) {
    super(message);
    this.name = 'InvalidResultError';
  }
}

/** A tools/call the client refused to send: the tool's definition is invalid and was left out of the list. */
export class RejectedToolError extends Error {
  override readonly name = 'RejectedToolError';
  constructor(
    message: string,
    readonly tool: string,
  ) {
    super(message);
  }
}

/** An InputRequiredResult the client cannot complete: an input it has no answer for, or too many rounds. */
export class UnansweredInputError extends Error {
  override readonly name = 'UnansweredInputError';
}

/** The user (or the CLI, for want of an answer) refused a server's ask, e.g. a sampling request. */
export class RefusedAskError extends Error {
  override readonly name = 'RefusedAskError';
}

/** A server's ask the client cannot show: a malformed requestedSchema, unknown sampling content (-32602). */
export class InvalidAskError extends Error {
  override readonly name = 'InvalidAskError';
}

/** The connection is gone: asking again can only fail the same way. */
export function isFatal(error: unknown): boolean {
  return error instanceof ConnectionClosedError;
}

/** An error with its stack, for a line someone will debug from (stderr, the log channel). */
export function errorStack(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** One line for a failed request: a server's JSON-RPC error with its code, else the local failure's message. */
export function describeError(error: unknown): string {
  if (error instanceof ProtocolError) return `${error.code} ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
