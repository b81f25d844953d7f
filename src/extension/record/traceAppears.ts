import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { TIMESTAMP } from '../../core/record/recordCommand';
import type { Log } from '../log';

const POLL_MS = 1000;
/** How long "Open Trace When It Appears" waits for the other host to launch the server. */
const WAIT_FOR_TRACE_MS = 60 * 60 * 1000;

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return -1; // not written yet: the poll looks again
  }
}

function listFolder(folder: string): string[] {
  try {
    return fs.readdirSync(folder);
  } catch {
    return []; // not created yet: the poll looks again
  }
}

/** A file name pattern with `*` wildcards, as the watcher's glob has it. */
function globToRegExp(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
}

/**
 * "Open Trace When It Appears": waits for another host's first launch through `mcp-lens record`
 * to write the trace, then opens it. Each wait ends when the trace opens, after an hour, or
 * when the extension is disposed.
 */
export class TraceAppears implements vscode.Disposable {
  private readonly waits = new Set<vscode.Disposable>();

  constructor(private readonly log: Log) {}

  /**
   * Opens the trace once the host's first launch has created (or rewritten) it and it has
   * settled for a moment: the editor then starts from the whole handshake, not from the first
   * bytes of a file still being written (later growth reaches it as file changes).
   */
  open(folder: string, name: string): void {
    const pattern = name.includes(TIMESTAMP) ? name.replace(TIMESTAMP, '*') : name;
    const matches = globToRegExp(pattern);
    const existing = new Set(listFolder(folder));
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(folder), pattern));
    let candidate: { file: string; size: number } | undefined;
    // A file watcher can miss a create in a folder made a moment ago, or report it late on a
    // busy machine; a light poll of the one folder backs it up until the trace is there.
    const poll = setInterval(() => {
      const file = candidate?.file ?? listFolder(folder).find((f) => matches.test(f) && !existing.has(f));
      if (file === undefined) return;
      const size = sizeOf(path.join(folder, file));
      if (size > 0 && candidate?.file === file && candidate.size === size) return show(vscode.Uri.file(path.join(folder, file)));
      candidate = { file, size };
    }, POLL_MS);
    const giveUp = setTimeout(() => stop(), WAIT_FOR_TRACE_MS);
    const stopping = { dispose: () => stop() };
    let opened = false;
    const stop = (): void => {
      clearInterval(poll);
      clearTimeout(giveUp);
      watcher.dispose();
      this.waits.delete(stopping);
    };
    const show = (uri: vscode.Uri) => {
      if (opened) return;
      opened = true;
      stop();
      void vscode.window
        .showTextDocument(uri, { preview: false })
        .then(undefined, (error) => this.log.error(`Opening the trace ${uri.fsPath} failed`, error));
    };
    // A rewrite of an existing file is seen only here: the poll then waits for it to settle.
    const noticed = (uri: vscode.Uri) => void (candidate ??= { file: path.basename(uri.fsPath), size: -1 });
    watcher.onDidCreate(noticed);
    watcher.onDidChange(noticed);
    this.waits.add(stopping);
  }

  dispose(): void {
    for (const wait of this.waits) wait.dispose();
    this.waits.clear();
  }
}
