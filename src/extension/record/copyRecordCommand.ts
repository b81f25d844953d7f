import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { portableServer } from '../../core/record/portable';
import { RECORD_FORMATS, recordLaunch, TIMESTAMP, type RecordFormat } from '../../core/record/recordCommand';
import type { Log } from '../log';
import type { ServerRegistry } from '../serverRegistry';
import type { TreeNode } from '../serversView';
import { pickOne, say, showInfo } from '../shown';
import { hotReloadGlobs, pickRecordedServer, pickTraceName, traceFolder } from './recordChoices';
import { TraceAppears } from './traceAppears';

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

/**
 * "MCP Lens: Copy Record Command" (DESIGN.md §5.5): the launch config another host needs to
 * run a server through `mcp-lens record`, so its session can be read here as a trace file.
 */
export function registerRecordCommand(context: vscode.ExtensionContext, registry: ServerRegistry, log: Log): vscode.Disposable {
  const appears = new TraceAppears(log);

  async function copy(arg?: TreeNode | string, options: CopyRecordOptions = {}): Promise<CopiedRecordCommand | undefined> {
    const entry = await pickRecordedServer(registry, arg);
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
    const folder = traceFolder(config, context.globalStorageUri);
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
      appears.open(folder, name);
      void showInfo(say`${message} It opens here when it appears.`);
    } else {
      void showInfo(message, OPEN_WHEN_IT_APPEARS).then((choice) => {
        if (choice === OPEN_WHEN_IT_APPEARS) appears.open(folder, name);
      });
    }
    return { format, text: launch.text, tracePath };
  }

  return vscode.Disposable.from(vscode.commands.registerCommand(COPY_RECORD_COMMAND, copy), appears);
}
