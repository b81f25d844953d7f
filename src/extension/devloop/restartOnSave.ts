/**
 * Restart on save: each server watches its `dev.watch` globs (.vscode/mcp.json) and those
 * the `mcpLens.dev.watch` setting gives it; a burst of writes (a save, a build) becomes one
 * restart 300 ms after the last of them. Only a server that runs (or crashed, or failed to
 * start) is restarted: saving never starts a stopped server.
 */
import { stat } from 'node:fs/promises';
import * as vscode from 'vscode';
import { describeSaved } from '../../core/devloop/watchGlobs';
import { writtenBefore } from '../../core/devloop/writtenBefore';
import { absent } from '../../core/util/ignored';
import { serverWatchGlobs } from './serverGlobs';
import { Disposable } from '../lifecycle';
import type { Log } from '../log';
import type { ServerEntry } from '../serverEntry';
import type { ServerRegistry } from '../serverRegistry';
import { say, showError } from '../shown';

export const DEBOUNCE_MS = 300;

const RESTARTABLE = new Set(['running', 'crashed', 'error']);

interface Watch {
  signature: string;
  disposables: vscode.Disposable[];
}

export class RestartOnSave extends Disposable {
  private readonly watches = new Map<string, Watch>();
  private readonly timers = new Map<string, { timer: NodeJS.Timeout; files: Set<string> }>();
  /** Servers being restarted; a save meanwhile queues one more restart. */
  private readonly busy = new Map<string, string[] | undefined>();
  /** Size and mtime of each file when it last caused a restart: watchers report one write more than once. */
  private readonly versions = new Map<string, string>();

  constructor(
    private readonly registry: ServerRegistry,
    private readonly log: Log,
  ) {
    super();
    this.register(registry.onDidChange((entry) => entry === undefined && this.sync()));
    this.register(vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('mcpLens.dev.watch') && this.sync()));
    this.register({ dispose: () => this.clear() });
    this.sync();
  }

  /** The globs a server watches and the folder they are relative to. */
  globsOf(entry: ServerEntry): { base: string; globs: string[] } | undefined {
    return serverWatchGlobs(entry);
  }

  private sync(): void {
    if (this.isDisposed) return;
    const seen = new Set<string>();
    for (const entry of this.registry.servers) {
      const target = this.globsOf(entry);
      if (!target) continue;
      seen.add(entry.key);
      const signature = JSON.stringify(target);
      if (this.watches.get(entry.key)?.signature === signature) continue;
      this.unwatch(entry.key);
      const key = entry.key;
      const disposables = target.globs.flatMap((glob) => {
        const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(target.base), glob));
        const onFile = (uri: vscode.Uri) => void this.changed(key, uri.fsPath);
        return [watcher, watcher.onDidChange(onFile), watcher.onDidCreate(onFile), watcher.onDidDelete(onFile)];
      });
      this.watches.set(key, { signature, disposables });
      this.log.info(`[${entry.name}] restarts when these change (relative to ${target.base}): ${target.globs.join(', ')}`);
    }
    for (const key of [...this.watches.keys()]) if (!seen.has(key)) this.unwatch(key);
  }

  private unwatch(key: string): void {
    for (const d of this.watches.get(key)?.disposables ?? []) d.dispose();
    this.watches.delete(key);
    const pending = this.timers.get(key);
    if (pending) clearTimeout(pending.timer);
    this.timers.delete(key);
  }

  private async changed(key: string, file: string): Promise<void> {
    // A file deleted meanwhile has no stat: "deleted" is its version.
    const found = await stat(file).catch(absent);
    const version = found ? `${found.size}:${found.mtimeMs}` : 'deleted';
    const id = `${key}\u0000${file}`;
    if (this.versions.get(id) === version) return;
    this.versions.set(id, version);
    this.schedule(key, file);
  }

  /**
   * The files written since the server's process started (a deleted one counts). A watcher event
   * can come late, after a Start that read the file already: it restarted the server for
   * nothing, its diff "no changes" (a test starting a server right after writing its tools).
   */
  private async writtenSinceStart(entry: ServerEntry, files: string[]): Promise<string[]> {
    const launchedAt = entry.launchedAt;
    if (launchedAt === undefined) return files;
    const stats = await Promise.all(files.map((file) => stat(file).catch(absent)));
    return files.filter((_, i) => !stats[i] || !writtenBefore(stats[i].mtimeMs, launchedAt));
  }

  private schedule(key: string, file: string): void {
    const pending = this.timers.get(key) ?? { timer: undefined as unknown as NodeJS.Timeout, files: new Set<string>() };
    clearTimeout(pending.timer);
    pending.files.add(file);
    pending.timer = setTimeout(() => {
      this.timers.delete(key);
      void this.restart(key, [...pending.files]);
    }, DEBOUNCE_MS);
    this.timers.set(key, pending);
  }

  private async restart(key: string, files: string[]): Promise<void> {
    if (this.busy.has(key)) {
      // Saved again while restarting: one more restart afterwards, for all files saved meanwhile.
      this.busy.set(key, [...(this.busy.get(key) ?? []), ...files]);
      return;
    }
    const entry = this.registry.get(key);
    if (!entry || !RESTARTABLE.has(entry.state.kind)) {
      if (entry) this.log.trace(`[${entry.name}] ${describeSaved(files)}: not restarted, the server is ${entry.state.kind}`);
      return;
    }
    this.busy.set(key, undefined);
    try {
      const fresh = await this.writtenSinceStart(entry, files);
      if (fresh.length === 0) {
        this.log.trace(`[${entry.name}] ${describeSaved(files)}: not restarted, written before the server started`);
        return;
      }
      const reason = describeSaved(fresh);
      this.log.info(`[${entry.name}] restarting after ${reason}`);
      const outcome = await this.registry.restart(entry, reason);
      if (!outcome.ok && !outcome.cancelled) {
        const details = 'Show Log';
        void showError(say`MCP Lens: ${outcome.reason}`, details).then((choice) => choice === details && this.log.show());
      }
    } catch (error) {
      this.log.error(`[${entry.name}] restart after saving failed`, error);
    } finally {
      const again = this.busy.get(key);
      this.busy.delete(key);
      if (again && !this.isDisposed) void this.restart(key, again);
    }
  }

  private clear(): void {
    for (const key of [...this.watches.keys()]) this.unwatch(key);
  }
}
