import { watch, type FSWatcher } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { watchGlob, type WatchGlob } from '../../../core/devloop/globMatch';

/** Writes within this long make one restart: an editor's save or a build writes several files. */
const SETTLE_MS = 300;

/** Watches the globs' folders (recursively) and reports the changed files that match, batched. */
export class FileWatcher {
  private readonly watchers: FSWatcher[] = [];
  private changed = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(patterns: readonly string[], cwd: string, onChange: (files: string[]) => void) {
    // Globs are matched as absolute paths: a relative one is relative to where the proxy runs.
    const globs = patterns.map((p) => watchGlob(isAbsolute(p) ? p : join(cwd, p)));
    const roots = [...new Set(globs.map((g) => g.root))];
    for (const root of roots) {
      const folder = resolve(root);
      let watcher: FSWatcher;
      try {
        watcher = this.watchFolder(folder, globs, onChange);
      } catch (error) {
        this.dispose();
        throw error;
      }
      // A watched folder deleted later ends that watch; it must not end the proxy and the host's session.
      watcher.on('error', () => watcher.close());
      this.watchers.push(watcher);
    }
  }

  private watchFolder(folder: string, globs: readonly WatchGlob[], onChange: (files: string[]) => void): FSWatcher {
    return watch(folder, { recursive: true }, (_event, name) => {
      if (!name) return;
      const path = join(folder, name.toString()).split('\\').join('/');
      if (!globs.some((g) => g.matches(path))) return;
      this.changed.add(path);
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        const files = [...this.changed];
        this.changed = new Set();
        onChange(files);
      }, SETTLE_MS);
    });
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const w of this.watchers) w.close();
  }
}
