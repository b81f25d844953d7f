/**
 * Splits what a process writes to stdout into lines and tells the protocol lines from the
 * stray ones, without ever holding up or altering the write. Shared by the Node preload;
 * media/preload/python/sitecustomize.py mirrors it line for line.
 *
 * "Site" is whatever the caller captures to say where a write came from (a stack). It is
 * captured only when a line begins in the current write, and blamed on the write that
 * began the line: for `process.stdout.write("ready ")` followed by a JSON message, the
 * culprit is the first write, not the SDK's.
 */
export class LineObserver<S> {
  private pending = '';
  private pendingSite: S | undefined;
  private overflow = false;

  constructor(
    private readonly capture: () => S,
    private readonly onStray: (text: string, site: S, partial: boolean) => void,
    /** Past this many characters a line is judged by its head (a big result is still protocol). */
    private readonly maxLine = 4 * 1024 * 1024,
  ) {}

  write(text: string): void {
    let site: S | undefined;
    const here = (): S => (site ??= this.capture());
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      const began = this.pending.length > 0 ? this.pendingSite : undefined;
      this.append(text.slice(start, nl));
      const line = this.pending;
      const overflow = this.overflow;
      this.pending = '';
      this.pendingSite = undefined;
      this.overflow = false;
      // The text as the wire framer shows the line: without the \r of a \r\n ending.
      if (!isProtocolLine(line, overflow)) this.onStray(withoutCr(line), began ?? here(), false);
      start = nl + 1;
    }
    if (start < text.length) {
      if (this.pending.length === 0) this.pendingSite = here();
      this.append(text.slice(start));
    }
  }

  /** The stream ended: bytes with no final newline are reported if they are not protocol. */
  end(): void {
    if (this.pending.length > 0 && this.pendingSite !== undefined && !isProtocolLine(this.pending, this.overflow)) {
      this.onStray(withoutCr(this.pending), this.pendingSite, true);
    }
    this.pending = '';
    this.pendingSite = undefined;
  }

  private append(text: string): void {
    if (this.overflow) return;
    if (this.pending.length + text.length > this.maxLine) {
      this.pending += text.slice(0, this.maxLine - this.pending.length);
      this.overflow = true;
    } else {
      this.pending += text;
    }
  }
}

function withoutCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/**
 * A protocol line is "a JSON object with jsonrpc" (MCP stdio: one JSON-RPC message per
 * line); a trailing \r is tolerated as the wire framer tolerates it. A line too long to
 * keep whole is judged by its head.
 */
export function isProtocolLine(line: string, truncated = false): boolean {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  if (truncated) return /^\s*\{/.test(text) && text.slice(0, 4096).includes('"jsonrpc"');
  const first = text.trimStart()[0];
  if (first !== '{') return false;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) && 'jsonrpc' in value;
  } catch {
    return false;
  }
}
