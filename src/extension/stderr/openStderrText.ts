import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { givenServer, isGivenServer } from '../chooseServer';
import type { Sessions } from '../diagnostics/sessions';
import type { LiveSession } from '../diagnostics/liveSession';
import type { Log } from '../log';
import { traceRedactor } from '../messages/exportTrace';
import type { SelectedServer } from '../messages/selection';
import type { ServerRegistry } from '../serverRegistry';
import { safeServerName, stderrTextFileOf } from '../diagnostics/traceStore';
import { say, showError, showInfo } from '../shown';
import { writeStderrText } from './stderrText';

export const OPEN_STDERR_TEXT = 'mcpLens.openStderrText';

/** Beside the session's trace file (`….mcptrace.jsonl` → `….stderr.log`), pruned with it; else in a temporary folder. */
function textFileOf(sessions: Sessions, session: LiveSession): string {
  const trace = sessions.fileOf(session);
  if (trace) return stderrTextFileOf(trace);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-stderr-'));
  return path.join(dir, `${safeServerName(session.serverName)}.stderr.log`);
}

/**
 * Open stderr as Text: the whole run's stderr, stray stdout and log entries in an editor (the
 * stderr panel keeps the newest 2000 rows; the editor searches, folds and scrolls any number).
 * Written to a file, so that VS Code's own large-file handling applies to a flood; opened again,
 * it is written again with what came since. Resolves with the file (tests read it).
 */
export function registerStderrTextCommand(deps: {
  registry: ServerRegistry;
  selection: SelectedServer;
  sessions: Sessions;
  log: Log;
}): vscode.Disposable {
  const { registry, selection, sessions, log } = deps;
  // A server's name or key (the stderr panel, tests), its row in the Servers view, or nothing (the palette).
  return vscode.commands.registerCommand(OPEN_STDERR_TEXT, async (server?: string | { key: string }): Promise<string | undefined> => {
    if (isGivenServer(server)) {
      const given = givenServer(registry, server);
      if (!given) return undefined;
      selection.select(given.key);
    } else if (!selection.entry?.session) await selection.pick();
    const entry = selection.entry;
    const session = entry?.session;
    if (!entry || !session) {
      void showInfo(
        entry
          ? say`MCP Lens: "${entry.name}" has not run yet: start it to see its stderr.`
          : say`MCP Lens: start a server to see its stderr.`,
      );
      return undefined;
    }
    const file = textFileOf(sessions, session);
    let count: number;
    try {
      count = await writeStderrText(session.trace.lines(), traceRedactor(session), file);
    } catch (error) {
      log.error(`[${entry.name}] writing its stderr to ${file} failed`, error);
      void showError(
        say`MCP Lens: the stderr of "${entry.name}" could not be written out: ${error instanceof Error ? error.message : String(error)}`,
      );
      return undefined;
    }
    if (count === 0) {
      void showInfo(say`MCP Lens: "${entry.name}" has written no stderr, stray stdout or log entry in its latest run.`);
      return file;
    }
    await vscode.window.showTextDocument(vscode.Uri.file(file), { preview: true });
    return file;
  });
}
