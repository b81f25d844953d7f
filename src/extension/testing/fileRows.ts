/**
 * What the saved calls' and the evals' Test Explorer trees share: rows read from the
 * workspace's files of one suffix (found, watched, read again as they are edited unsaved),
 * and a run request grouped by the file each of its tests came from.
 */
import * as vscode from 'vscode';
import { Disposable } from '../lifecycle';
import { absent } from '../../core/util/ignored';

export abstract class FileRows<Row extends { kind: string }> extends Disposable {
  protected readonly rows = new WeakMap<vscode.TestItem, Row>();
  private readonly glob: string;
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** A file's rows were read again or went away. */
  readonly onDidChangeRows = this.changed.event;

  constructor(
    protected readonly controller: vscode.TestController,
    suffix: string,
    /** The kind of the rows that run (a saved call, an eval case). */
    private readonly leafKind: Row['kind'],
  ) {
    super();
    this.glob = `**/*${suffix}`;
    const watcher = this.register(vscode.workspace.createFileSystemWatcher(this.glob));
    this.register(watcher.onDidCreate((uri) => void this.load(uri)));
    this.register(watcher.onDidChange((uri) => void this.load(uri)));
    this.register(
      watcher.onDidDelete((uri) => {
        controller.items.delete(uri.toString());
        this.changed.fire();
      }),
    );
    // Unsaved edits move lines: the gutter and the failures follow each test where it now is.
    this.register(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (!e.document.uri.path.endsWith(suffix)) return;
        this.show(e.document.uri, e.document.getText());
        this.changed.fire();
      }),
    );
  }

  /** Finds every file again (Refresh Tests): one deleted behind the watcher's back loses its rows too. */
  async discover(): Promise<void> {
    const uris = await vscode.workspace.findFiles(this.glob, '**/node_modules/**');
    const found = new Set(uris.map((uri) => uri.toString()));
    const gone: string[] = [];
    this.controller.items.forEach((item) => {
      if (!found.has(item.id)) gone.push(item.id);
    });
    for (const id of gone) this.controller.items.delete(id);
    await Promise.all(uris.map((uri) => this.load(uri)));
  }

  rowOf(item: vscode.TestItem): Row | undefined {
    return this.rows.get(item);
  }

  /** The rows that run under `item` (itself when it is one). */
  testsUnder(item: vscode.TestItem): vscode.TestItem[] {
    if (this.rows.get(item)?.kind === this.leafKind) return [item];
    const out: vscode.TestItem[] = [];
    item.children.forEach((child) => out.push(...this.testsUnder(child)));
    return out;
  }

  allTests(): vscode.TestItem[] {
    const out: vscode.TestItem[] = [];
    this.controller.items.forEach((item) => out.push(...this.testsUnder(item)));
    return out;
  }

  async load(uri: vscode.Uri): Promise<void> {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    // Deleted meanwhile, or unreadable: the file has no rows to show.
    const text = open ? open.getText() : await vscode.workspace.fs.readFile(uri).then((b) => Buffer.from(b).toString('utf8'), absent);
    if (text === undefined) this.controller.items.delete(uri.toString());
    else this.show(uri, text);
    this.changed.fire();
  }

  /** (Re)draws the rows of one file from its text. */
  protected abstract show(uri: vscode.Uri, text: string): void;

  /** The requested tests grouped by their file's row (all of them when nothing is named). */
  byFile(request: vscode.TestRunRequest): Map<vscode.TestItem, vscode.TestItem[]> {
    const roots: vscode.TestItem[] = [];
    if (request.include) roots.push(...request.include);
    else this.controller.items.forEach((item) => roots.push(item));
    const excluded = new Set((request.exclude ?? []).flatMap((item) => this.testsUnder(item)));
    const groups = new Map<vscode.TestItem, vscode.TestItem[]>();
    for (const test of roots.flatMap((item) => this.testsUnder(item))) {
      if (excluded.has(test)) continue;
      let file = test;
      while (file.parent) file = file.parent;
      const group = groups.get(file) ?? [];
      if (!group.includes(test)) group.push(test);
      groups.set(file, group);
    }
    return groups;
  }
}
