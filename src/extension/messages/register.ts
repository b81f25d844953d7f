import * as vscode from 'vscode';
import { ProblemsBridge } from '../diagnostics/problems';
import { StrayStdoutFix } from '../diagnostics/quickFix';
import type { Sessions } from '../diagnostics/sessions';
import type { Log } from '../log';
import type { ServerRegistry } from '../serverRegistry';
import { registerStderrTextCommand } from '../stderr/openStderrText';
import { StderrPanel, type PanelState } from '../stderr/panel';
import { registerMessageCommands } from './commands';
import { SelectedServer } from './selection';
import { MessagesView } from './view';

/** Languages whose stray writes the quick fix can rewrite. */
const FIXABLE = ['javascript', 'javascriptreact', 'typescript', 'typescriptreact', 'python'].map((language) => ({
  language,
  scheme: 'file',
}));

/**
 * What a server's run looks like in the editor: the Messages view, the stderr panel, the
 * Problems entries with their quick fix, and their commands.
 */
export function registerSessionViews(deps: {
  extensionUri: vscode.Uri;
  registry: ServerRegistry;
  sessions: Sessions;
  log: Log;
  serversView: vscode.TreeView<unknown> | undefined;
}): vscode.Disposable[] {
  const { registry, sessions, log } = deps;
  const selection = new SelectedServer(registry, sessions, deps.serversView);
  const view = new MessagesView(selection, sessions);
  const panel = new StderrPanel(deps.extensionUri, selection, registry, sessions, log);
  const problems = new ProblemsBridge(registry, sessions);
  return [
    selection,
    view,
    panel,
    problems,
    vscode.languages.registerCodeActionsProvider(FIXABLE, new StrayStdoutFix(), { providedCodeActionKinds: StrayStdoutFix.kinds }),
    ...registerMessageCommands({
      registry,
      selection,
      view,
      log,
      revealOutput: (_key, seq) => panel.highlight(seq),
    }),
    registerStderrTextCommand({ registry, selection, sessions, log }),
    // What the stderr panel shows, as plain data (integration tests read it through this).
    vscode.commands.registerCommand('mcpLens.stderr.describe', (server?: string): PanelState => {
      if (server) selection.select(registry.get(server)?.key);
      problems.update();
      return panel.state();
    }),
  ];
}
