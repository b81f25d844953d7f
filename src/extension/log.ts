import * as vscode from 'vscode';

/**
 * The extension's one LogOutputChannel ("MCP Lens" in the Output panel). Under CI the lines
 * are mirrored to the console, where a test runner's output shows them.
 */
export class Log implements vscode.Disposable {
  private readonly channel = vscode.window.createOutputChannel('MCP Lens', { log: true });
  private readonly mirror = !!process.env.CI || !!process.env.MCP_LENS_LOG_TO_CONSOLE;

  info(message: string): void {
    this.channel.info(message);
    if (this.mirror) console.log(`[MCP Lens] ${message}`);
  }

  warn(message: string): void {
    this.channel.warn(message);
    if (this.mirror) console.warn(`[MCP Lens] ${message}`);
  }

  /** Logs the error's stack when there is one. */
  error(message: string, error?: unknown): void {
    if (error instanceof Error) this.channel.error(`${message}: ${error.stack ?? error.message}`);
    else if (error !== undefined) this.channel.error(`${message}: ${String(error)}`);
    else this.channel.error(message);
    if (this.mirror) console.error(`[MCP Lens] ${message}`, error ?? '');
  }

  trace(message: string): void {
    this.channel.trace(message);
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.channel.dispose();
  }
}
