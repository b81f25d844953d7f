/**
 * The hot proxy's own requests to a server child (the host's handshake replayed after a
 * restart, the list probes that tell what changed): sent under ids of ours, their answers
 * taken out of the stream before it reaches the host.
 */
type Obj = Record<string, unknown>;

export class InternalRequests {
  private readonly waiting = new Map<string, (msg: Obj | undefined) => void>();
  private ids = 0;

  /** `timeoutMs`: how long an answer may take before the proxy gives up on it. */
  constructor(private readonly timeoutMs: number) {}

  /** Sends `request` with `write`; its answer, or undefined if the child ends or is too slow. */
  ask(write: (line: Buffer) => void, request: Obj | undefined): Promise<Obj | undefined> {
    if (!request) return Promise.resolve(undefined);
    const id = `mcp-lens-hot-${++this.ids}`;
    const key = JSON.stringify(id);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(key);
        resolve(undefined);
      }, this.timeoutMs).unref();
      this.waiting.set(key, (msg) => {
        clearTimeout(timer);
        resolve(msg);
      });
      write(Buffer.from(`${JSON.stringify({ ...request, id })}\n`));
    });
  }

  /** A response from a child: true when it answers one of ours (and is taken). */
  answered(response: Obj): boolean {
    const key = JSON.stringify(response.id);
    const settle = this.waiting.get(key);
    if (!settle) return false;
    this.waiting.delete(key);
    settle(response);
    return true;
  }

  /** A child exited: whatever it was asked gets no answer. */
  abandonAll(): void {
    for (const [key, settle] of this.waiting) {
      this.waiting.delete(key);
      settle(undefined);
    }
  }
}
