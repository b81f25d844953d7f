/**
 * The `endpoint` event that opens a 2024-11-05 HTTP+SSE stream: whether the URL it names may
 * be used, and start()'s wait for it (settled once: by the event, a failure, close(), or a
 * timeout).
 */
import type { SseEvent } from './sse';
import { TransportClosedError } from './transportErrors';

/** The URL an `endpoint` event names, or why it cannot be used. */
export function endpointProblem(e: SseEvent, streamUrl: string): { problem: string } | { url: string } {
  // 2025-03-26 backwards compatibility: "an SSE stream with an endpoint event as the first event".
  if (e.event !== 'endpoint') return { problem: `the first event is "${e.event}", not "endpoint"` };
  let url: URL;
  try {
    url = new URL(e.data.trim(), streamUrl);
  } catch {
    return { problem: `its data ${JSON.stringify(e.data.slice(0, 200))} is not a URI` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: `its URI ${url.href} is not http(s)` };
  // Messages carry the configured credentials: they go only where the stream came from.
  if (url.origin !== new URL(streamUrl).origin)
    return { problem: `its URI ${url.origin} is not the origin of the stream (${new URL(streamUrl).origin})` };
  return { url: url.href };
}

/** start()'s wait for the endpoint event: settled once, by the event, a failure, close(), or the timeout. */
export class EndpointWait {
  settled = false;
  readonly promise: Promise<void>;
  resolve!: () => void;
  reject!: (err: Error) => void;
  private readonly timer: NodeJS.Timeout;

  constructor(timeoutMs: number, onTimeout: () => void) {
    this.promise = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    this.timer = setTimeout(onTimeout, timeoutMs);
  }

  /** True the first time: the wait is over from now on. */
  settle(): boolean {
    if (this.settled) return false;
    this.settled = true;
    clearTimeout(this.timer);
    return true;
  }

  /** close() while waiting. */
  abandon(): void {
    if (this.settle()) this.reject(new TransportClosedError());
  }
}
