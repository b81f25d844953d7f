import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { displayName } from '../core/config/locations';
import type { StdioServerConfig } from '../core/config/types';
import { portableServer } from '../core/record/portable';
import { defaultTraceName, RECORD_FORMATS, recordLaunch, TIMESTAMP, type RecordFormat } from '../core/record/recordCommand';
import type { Log } from './log';
import type { ServerEntry } from './serverEntry';
import type { ServerRegistry } from './serverRegistry';
import type { TreeNode } from './serversView';
import { serverWatchGlobs } from './devloop/serverGlobs';
import { askText, pickOne, say, showInfo, showWarning } from './shown';

export const COPY_RECORD_COMMAND = 'mcpLens.copyRecordCommand';

/** Lets a test or keybinding skip the pickers: the format, the trace file name (may hold {timestamp}), and the offer. */
export interface CopyRecordOptions {
  format?: RecordFormat;
  traceName?: string;
  openWhenItAppears?: boolean;
  /** Run it through the hot-reload proxy, watching the server's dev.watch globs (asked when it has some). */
  hotReload?: boolean;
}

export interface CopiedRecordCommand {
  format: RecordFormat;
  text: string;
  /** Absolute; `{timestamp}` is filled in by `mcp-lens record` at each launch. */
  tracePath: string;
}

const OPEN_WHEN_IT_APPEARS = 'Open Trace When It Appears';
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
 * "MCP Lens: Copy Record Command" (DESIGN.md §5.5): the launch config another host needs to
 * run a server through `mcp-lens record`, so its session can be read here as a trace file.
 */
export function registerRecordCommand(context: vscode.ExtensionContext, registry: ServerRegistry, log: Log): vscode.Disposable {
  const watchers = new Set<vscode.Disposable>();

  async function pickServer(arg: TreeNode | string | undefined): Promise<ServerEntry | undefined> {
    if (typeof arg === 'string' || (arg && 'key' in arg)) {
      const key = typeof arg === 'string' ? arg : arg.key;
      const entry = registry.get(key);
      if (!entry) void showWarning(say`MCP Lens: no configured server is called "${key}".`);
      return entry;
    }
    const stdio = registry.servers.filter((s) => s.config.type === 'stdio');
    if (stdio.length === 0) {
      void showInfo(say`MCP Lens: no stdio server is configured; \`mcp-lens record\` sits between a host and a server it launches.`);
      return undefined;
    }
    if (stdio.length === 1) return stdio[0];
    return pickOne(
      stdio.map((entry) => ({
        label: say`${entry.name}`,
        description: say`${displayName(entry.config.file)}`,
        detail: say`${entry.commandLine()}`,
        value: entry,
      })),
      { placeHolder: say`Record which MCP server when another host runs it?`, matchOnDescription: true },
    );
  }

  /** Traces go beside the server's workspace; a Claude Desktop server outside any folder uses the extension's storage. */
  function traceFolder(config: StdioServerConfig): string {
    const folder = config.file.workspaceFolder ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    return folder ? path.join(folder, '.mcp-lens', 'traces') : path.join(context.globalStorageUri.fsPath, 'traces');
  }

  async function pickTraceName(entry: ServerEntry, folder: string): Promise<string | undefined> {
    const perLaunch = defaultTraceName(entry.name);
    const fixed = `${perLaunch.replace(`-${TIMESTAMP}`, '')}`;
    const choice = await pickOne(
      [
        {
          label: say`${perLaunch}`,
          description: say`a new file at each launch`,
          detail: say`${folder}`,
          value: { name: perLaunch as string | undefined },
        },
        { label: say`A fixed file name…`, description: say`each launch overwrites it`, detail: say`${folder}`, value: { name: undefined } },
      ],
      { placeHolder: say`Where should the host write the trace?` },
    );
    if (!choice) return undefined;
    if (choice.name) return choice.name;
    const typed = await askText({
      prompt: say`Trace file name in ${folder}`,
      value: fixed,
      valueSelection: [0, fixed.length - '.mcptrace.jsonl'.length],
      validate: (v) => (v.trim() === '' || /[\\/]/.test(v) ? say`A file name without folders` : undefined),
    });
    if (!typed) return undefined;
    return typed.endsWith('.mcptrace.jsonl') ? typed : `${typed}.mcptrace.jsonl`;
  }

  /**
   * Opens the trace once the host's first launch has created (or rewritten) it and it has
   * settled for a moment: the editor then starts from the whole handshake, not from the first
   * bytes of a file still being written (later growth reaches it as file changes).
   */
  function openWhenItAppears(folder: string, name: string): void {
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
      if (size > 0 && candidate?.file === file && candidate.size === size) return open(vscode.Uri.file(path.join(folder, file)));
      candidate = { file, size };
    }, POLL_MS);
    const giveUp = setTimeout(() => stop(), WAIT_FOR_TRACE_MS);
    const stopping = { dispose: () => stop() };
    let opened = false;
    function stop(): void {
      clearInterval(poll);
      clearTimeout(giveUp);
      watcher.dispose();
      watchers.delete(stopping);
    }
    const open = (uri: vscode.Uri) => {
      if (opened) return;
      opened = true;
      stop();
      void vscode.window
        .showTextDocument(uri, { preview: false })
        .then(undefined, (error) => log.error(`Opening the trace ${uri.fsPath} failed`, error));
    };
    // A rewrite of an existing file is seen only here: the poll then waits for it to settle.
    const noticed = (uri: vscode.Uri) => void (candidate ??= { file: path.basename(uri.fsPath), size: -1 });
    watcher.onDidCreate(noticed);
    watcher.onDidChange(noticed);
    watchers.add(stopping);
  }

  /**
   * The absolute globs for `record --watch` (the other host's working directory is unknown),
   * [] for a plain recording, undefined when the user dismissed the question.
   */
  async function hotReloadGlobs(entry: ServerEntry, wanted: boolean | undefined): Promise<string[] | undefined> {
    const target = serverWatchGlobs(entry);
    if (!target) {
      if (wanted)
        void showInfo(
          say`MCP Lens: "${entry.name}" has no dev.watch globs (.vscode/mcp.json or the mcpLens.dev.watch setting): copied without hot reload.`,
        );
      return [];
    }
    const absolute = target.globs.map((glob) => (path.isAbsolute(glob) ? glob : path.join(target.base, glob)).split(path.sep).join('/'));
    if (wanted !== undefined) return wanted ? absolute : [];
    const choice = await pickOne(
      [
        { label: say`Record`, detail: say`The host's session, as a trace file.`, value: 'plain' },
        {
          label: say`Record with hot reload`,
          detail: say`Also restart the server when ${target.globs.join(', ')} change, keeping the host's session.`,
          value: 'hot',
        },
      ],
      { placeHolder: say`Restart "${entry.name}" in the other host when its files change?` },
    );
    return choice === undefined ? undefined : choice === 'hot' ? absolute : [];
  }

  async function copy(arg?: TreeNode | string, options: CopyRecordOptions = {}): Promise<CopiedRecordCommand | undefined> {
    const entry = await pickServer(arg);
    if (!entry) return undefined;
    if (entry.config.type !== 'stdio') {
      void showInfo(say`MCP Lens: "${entry.name}" is an ${entry.config.type} server; \`mcp-lens record\` records stdio servers.`);
      return undefined;
    }
    const config = entry.config;
    const format =
      options.format ??
      (await pickOne(
        RECORD_FORMATS.map((f) => ({ label: say`${f.label}`, detail: say`${f.detail}`, value: f.format })),
        { placeHolder: say`Copy "${entry.name}" for which host?` },
      ));
    if (!format) return undefined;
    const folder = traceFolder(config);
    const name = options.traceName ?? (await pickTraceName(entry, folder));
    if (!name) return undefined;
    const tracePath = path.join(folder, name);
    // `record` opens the file but creates no folders: make ours now.
    await vscode.workspace.fs.createDirectory(vscode.Uri.file(folder));

    const watch = await hotReloadGlobs(entry, options.hotReload);
    if (watch === undefined) return undefined;
    const launch = recordLaunch(portableServer(config, { userHome: os.homedir() }), format, {
      node: 'node',
      cliPath: path.join(context.extensionPath, 'dist', 'cli.js'),
      tracePath,
      hostEnv: process.env,
      watch,
    });
    try {
      await vscode.env.clipboard.writeText(launch.text);
    } catch (error) {
      // A browser-hosted workbench may refuse the clipboard: the text is still the user's, in an editor.
      log.error('Copying to the clipboard failed; the launch config opens in an editor instead', error);
      const language = format === 'shell' ? 'shellscript' : 'jsonc';
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content: launch.text, language }));
    }
    log.info(`Copied the ${format} record launch for "${entry.name}" (trace ${tracePath})`);

    const label = RECORD_FORMATS.find((f) => f.format === format)!.label;
    const where = name.includes(TIMESTAMP) ? `${folder} as ${name.replace(TIMESTAMP, '<launch time>')}` : tracePath;
    const needs =
      launch.needs.length > 0 ? ` The host must have ${launch.needs.join(', ')} in its environment (secrets are not copied).` : '';
    const message = say`MCP Lens: copied the ${label} launch config for "${entry.name}". Each launch writes its trace to ${where}.${needs}`;
    if (options.openWhenItAppears) {
      openWhenItAppears(folder, name);
      void showInfo(say`${message} It opens here when it appears.`);
    } else {
      void showInfo(message, OPEN_WHEN_IT_APPEARS).then((choice) => {
        if (choice === OPEN_WHEN_IT_APPEARS) openWhenItAppears(folder, name);
      });
    }
    return { format, text: launch.text, tracePath };
  }

  return vscode.Disposable.from(vscode.commands.registerCommand(COPY_RECORD_COMMAND, copy), {
    dispose: () => {
      for (const w of watchers) w.dispose();
      watchers.clear();
    },
  });
}
