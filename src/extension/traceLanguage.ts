import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import type { Log } from './log';
import { say, showError } from './shown';

export const TRACE_LANGUAGE_ID = 'mcp-trace';
const REPLAY_COMMAND = 'mcpLens.replayRequest';

/**
 * The trace-file language (DESIGN.md §5.6): starts the language server (dist/languageServer.js)
 * over IPC for `mcp-trace` documents and registers "MCP Lens: Open as MCP Trace". Disposing
 * stops the server and unregisters the command.
 */
export function registerTraceLanguage(context: vscode.ExtensionContext, log: Log): vscode.Disposable {
  const module = context.asAbsolutePath('dist/languageServer.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  let replay = false;
  const clientOptions: LanguageClientOptions = {
    // No scheme filter: an untitled buffer of pasted lines is a trace too.
    documentSelector: [{ language: TRACE_LANGUAGE_ID }],
    // Read when the server is initialised, after the command check below.
    initializationOptions: () => ({ replay }),
  };
  const client = new LanguageClient('mcpLensTrace', 'MCP Lens Trace Language Server', serverOptions, clientOptions);
  let stopped = false;
  let starting: Promise<void> | undefined;

  // Started with the first trace document, so a workspace without traces runs no extra process.
  // The Replay lens only appears when something can run it; getCommands is asynchronous,
  // so commands registered synchronously during activation are already counted.
  const start = () => {
    starting ??= (async () => {
      replay = (await vscode.commands.getCommands(true)).includes(REPLAY_COMMAND);
      if (stopped) return;
      await client.start();
      log.info(`Trace language server started (Replay lens ${replay ? 'on' : 'off'})`);
    })().catch((error: unknown) => log.error('The trace language server failed to start', error));
  };
  const isTrace = (document: vscode.TextDocument) => document.languageId === TRACE_LANGUAGE_ID;
  if (vscode.workspace.textDocuments.some(isTrace)) start();
  const opened = vscode.workspace.onDidOpenTextDocument((document) => isTrace(document) && start());

  const command = vscode.commands.registerCommand('mcpLens.openAsTrace', (uri?: vscode.Uri) => openAsTrace(uri, log));

  return new vscode.Disposable(() => {
    stopped = true;
    command.dispose();
    opened.dispose();
    void starting
      ?.then(() => (client.needsStop() ? client.stop() : undefined))
      .catch((error: unknown) => log.error('Stopping the trace language server failed', error));
  });
}

/** "Open as MCP Trace": any JSONL of MCP messages (a raw capture, VS Code's output channel) gets the trace language. */
async function openAsTrace(uri: vscode.Uri | undefined, log: Log): Promise<void> {
  let target = uri ?? vscode.window.activeTextEditor?.document.uri;
  if (target === undefined) {
    const picked = await vscode.window.showOpenDialog({
      canSelectMany: false,
      openLabel: 'Open as MCP Trace',
      filters: { 'MCP traces and logs': ['jsonl', 'json', 'log', 'txt', 'ndjson'], 'All files': ['*'] },
    });
    target = picked?.[0];
    if (target === undefined) return;
  }
  try {
    const document = await vscode.workspace.openTextDocument(target);
    const traced = await vscode.languages.setTextDocumentLanguage(document, TRACE_LANGUAGE_ID);
    await vscode.window.showTextDocument(traced);
  } catch (error) {
    log.error(`Could not open ${target.toString()} as an MCP trace`, error);
    void showError(
      say`Could not open ${target.fsPath || target.toString()} as an MCP trace: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
