import type * as vscode from 'vscode';
import type { ServerEntry } from '../serverEntry';
import type { ServerRegistry } from '../serverRegistry';
import { name, say, showUntil, statusItem } from '../shown';

/**
 * The "needs sign-in" prompt of each server, on screen exactly while the server needs it.
 * It was a toast with a Sign In button that stayed after the person signed in (from the
 * server's row, the palette, or the button itself): VS Code cannot close a toast. Now it is
 * a notification that closes itself (shown/showUntil) and, since that kind takes no button of
 * ours, a status bar item that signs in on a click; both go once the server leaves
 * needs-sign-in (signed in, stopped, signed out, removed).
 */
export class SignInPrompts implements vscode.Disposable {
  private readonly open = new Map<string, { item: vscode.StatusBarItem; settle: () => void }>();
  private readonly watching: vscode.Disposable;

  constructor(private readonly registry: ServerRegistry) {
    // Whatever started it (the Start command, a tool call, a restart), a server that needs sign-in says so once.
    this.watching = registry.onDidChange((entry) => {
      if (entry?.state.kind === 'needs-sign-in') this.show(entry, entry.state.issuer);
      this.sweep();
    });
  }

  /** Server keys whose prompt is on screen (the extension's API shows it to tests). */
  get keys(): string[] {
    return [...this.open.keys()];
  }

  /** Shows the prompt for a server that needs sign-in (once per server while it lasts). */
  show(entry: ServerEntry, issuer: string): void {
    if (this.open.has(entry.key) || entry.state.kind !== 'needs-sign-in') return;
    let settle!: () => void;
    const gone = new Promise<void>((resolve) => (settle = resolve));
    const item = statusItem(
      say`$(account) Sign in to ${name(entry.name)}`,
      say`"${name(entry.name)}" asks for authorization by ${issuer}: click to sign in in your browser.`,
      { title: 'Sign In', command: 'mcpLens.signIn', arguments: [entry.key] },
      100,
    );
    this.open.set(entry.key, { item, settle });
    void showUntil(say`MCP Lens: "${name(entry.name)}" needs sign-in at ${issuer}. Sign In from the status bar or the server's row.`, gone);
  }

  private sweep(): void {
    for (const key of [...this.open.keys()]) {
      if (this.registry.get(key)?.state.kind !== 'needs-sign-in') this.close(key);
    }
  }

  private close(key: string): void {
    const prompt = this.open.get(key);
    if (!prompt) return;
    this.open.delete(key);
    prompt.item.dispose();
    prompt.settle();
  }

  dispose(): void {
    this.watching.dispose();
    for (const key of [...this.open.keys()]) this.close(key);
  }
}

/**
 * Settles once a sign-in is over: `ended` (the flow was granted or failed), or the server
 * stopped, failed or was removed (its flow then waits for a browser that never comes back).
 * Not tied to a start: a running server can need a sign-in again (a 401 mid-session).
 */
export function signInSettled(registry: ServerRegistry, entry: ServerEntry, ended: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const live = () => {
      const kind = registry.get(entry.key)?.state.kind;
      return kind === 'starting' || kind === 'running';
    };
    if (!live()) return resolve();
    const watching = registry.onDidChange(() => !live() && finish());
    function finish() {
      watching.dispose();
      resolve();
    }
    void ended.then(finish, finish);
  });
}
