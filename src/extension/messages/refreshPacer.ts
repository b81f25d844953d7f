/** At most this many refreshes a second, whatever the server's rate. */
export const REFRESH_MS = 250;

/**
 * When the Messages view may send its next whole-view refresh. Each makes VS Code fetch every
 * row again (up to 5001) and the window draw them. Sent every 250 ms whatever the window's pace,
 * a loaded machine spent a flood redrawing it: in a 100 000-notification flood beside other
 * work the window's renderer and GPU processes took 3.7 CPU-s, against 0.5 on an idle machine,
 * and the flood took 11 to 50 s instead of 2. So the window sets the pace: no refresh is sent
 * until VS Code has fetched the last one, and the next waits at least as long as that fetch
 * took to come. Unloaded, nothing changes (the fetch comes within a few milliseconds).
 */
export class RefreshPacer {
  /** When the refresh VS Code has not fetched yet was sent. */
  private sentAt: number | undefined;
  private lag = 0;
  private held = false;

  /** How long to gather changes before the next flush. */
  get delay(): number {
    return Math.max(REFRESH_MS, this.lag);
  }

  /** True when a refresh may go now; otherwise the changes wait for the fetch (see `fetched`). */
  mayRefresh(): boolean {
    if (this.sentAt === undefined) return true;
    this.held = true;
    return false;
  }

  sent(now = Date.now()): void {
    this.sentAt = now;
  }

  /** VS Code fetched the rows. True when changes were held back meanwhile: flush again. */
  fetched(now = Date.now()): boolean {
    if (this.sentAt !== undefined) this.lag = now - this.sentAt;
    this.sentAt = undefined;
    const held = this.held;
    this.held = false;
    return held;
  }
}
