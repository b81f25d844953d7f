/**
 * How many of a server's output lines (stderr, stray stdout) are copied into the Output log.
 * A server that floods stderr would otherwise send every line through the log channel (and,
 * under CI, the console) and keep the extension host busy; the stderr panel and the trace
 * already keep every line, so past a burst the log says how many it left out, and where
 * they are. No `vscode`: unit tests drive it.
 */
export class LogBudget {
  private windowStart = -Infinity;
  private used = 0;
  private skipped = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    /** Writes the "N more lines" summary. */
    private readonly summarize: (skipped: number, windowMs: number) => void,
    private readonly perWindow = 200,
    private readonly windowMs = 1000,
  ) {}

  /** Whether this line goes to the log; a line over the budget is counted for the summary. */
  take(): boolean {
    const now = Date.now();
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.used = 0;
    }
    if (this.used < this.perWindow) {
      this.used += 1;
      return true;
    }
    this.skipped += 1;
    // The count is written when the window closes, even if the flood stops right here.
    this.timer ??= setTimeout(() => this.flush(), this.windowStart + this.windowMs - now);
    return false;
  }

  /** Writes the pending count now (the server exited, or the window closed). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.skipped === 0) return;
    const skipped = this.skipped;
    this.skipped = 0;
    this.summarize(skipped, this.windowMs);
  }

  dispose(): void {
    this.flush();
  }
}
