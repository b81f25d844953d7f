import * as path from 'node:path';
import * as vscode from 'vscode';
import { Disposable } from './lifecycle';

/**
 * Watches every config path the registry reads (found or not, so creating one is noticed)
 * and calls back once per burst of changes.
 */
export class ConfigWatcher extends Disposable {
  private watchers: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly onChange: () => void) {
    super();
    this.register({ dispose: () => this.clear() });
  }

  watch(files: readonly string[]): void {
    this.clear();
    for (const file of files) {
      const watcher = vscode.workspace.createFileSystemWatcher(
        new vscode.RelativePattern(vscode.Uri.file(path.dirname(file)), path.basename(file)),
      );
      watcher.onDidCreate(() => this.schedule());
      watcher.onDidChange(() => this.schedule());
      watcher.onDidDelete(() => this.schedule());
      this.watchers.push(watcher);
    }
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    // A save can fire change events in a burst (create + change); read the files once.
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.isDisposed) this.onChange();
    }, 150);
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const w of this.watchers.splice(0)) w.dispose();
  }
}
