/**
 * The few failures it is right to ignore, each named for why, so that a reader can tell a
 * choice from a lost error. An anonymous `.catch(() => undefined)` is refused by the lint
 * (eslint.config.mjs): an error someone needs is handled, or logged with its stack.
 */

function nothing(): void {}

/**
 * Closing a client, a session, a server or a temporary checkout once the work is done or has
 * failed. Nothing is
 * left to lose when the close fails: the transport reaps the process tree whatever close()
 * says, and the trace already holds every event. Its error must not replace the result or
 * the failure the caller is about to report.
 */
export function ignoreClosing(closing: PromiseLike<unknown> | undefined): Promise<void> {
  return Promise.resolve(closing).then(nothing, nothing);
}

/**
 * Cancelling a response body nobody will read. A cancel fails only on a stream that is
 * already errored or closed: either way it holds nothing any more.
 */
export function ignoreDiscarding(cancelling: PromiseLike<unknown> | undefined): Promise<void> {
  return Promise.resolve(cancelling).then(nothing, nothing);
}

/**
 * A courtesy to a peer that may be gone: notifications/cancelled ("The receiver MAY ignore
 * cancellation notifications"), resources/unsubscribe, an app's teardown before its view
 * closes. The request it concerns is settled here already; when it cannot be sent, the
 * connection is closed, and that is told where the connection's end is.
 */
export function ignoreUnsent(sending: PromiseLike<unknown> | undefined): Promise<void> {
  return Promise.resolve(sending).then(nothing, nothing);
}

/**
 * Waits for a promise to settle, whichever way. Its failure is reported where it is awaited
 * or returned (to the caller of a refresh, an export, a start); this copy only keeps Node
 * from calling that rejection unhandled while nobody listens yet.
 */
export function settled(promise: PromiseLike<unknown> | undefined): Promise<void> {
  return Promise.resolve(promise).then(nothing, nothing);
}

/**
 * For `.catch(absent)`: a value that could not be had and that the caller does without,
 * saying what it lacks: a body that is not JSON (the caller names the document it wanted),
 * a /proc file of a process gone meanwhile, a listing whose error the trace already holds.
 */
export function absent(): undefined {
  return undefined;
}
