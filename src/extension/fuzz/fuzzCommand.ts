/**
 * "Fuzz Tool…" (palette, code lens, Servers view tool row): `mcp-lens fuzz` on one tool of a
 * configured stdio server, in a process of its own — the inputs are meant to crash it, so the
 * session the user works with is left alone. Findings are logged with their inputs, and one
 * click saves them as regression tests beside the server's other saved calls.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { resolveServer } from '../../core/config/resolve';
import type { Diagnostic } from '../../core/diagnose/diagnostic';
import { fuzzTool, type FuzzFinding, type ToolReport } from '../../core/fuzz/fuzzRun';
import { FUZZ_START_TIMEOUT_MS, FuzzSession, type ListedTool } from '../../core/fuzz/fuzzSession';
import { saveFindings } from '../../core/fuzz/saveFindings';
import type { ServerSpec } from '../../core/session/client';
import { stdioServerToLaunch } from '../chooseServer';
import type { Log } from '../log';
import { itemName, type ServerEntry } from '../serverEntry';
import { isRow, type ItemRow } from '../tools/itemCommands';
import type { ServerRegistry } from '../serverRegistry';
import { askModal, name, pickOne, render, say, showError, showInfo, showWarning } from '../shown';
import { readTextIfAny } from '../workspaceText';

export const FUZZ_TOOL_COMMAND = 'mcpLens.fuzzTool';

/** From a lens or a test: which tool, and what the dialogs would otherwise ask. */
export interface FuzzToolArg {
  server?: string;
  tool?: string;
  runs?: number;
  seed?: number;
  /** Skips the confirmation a destructive tool needs (tests, keybindings). */
  allowDestructive?: boolean;
  /** Saves the findings as tests without asking. */
  save?: boolean;
}

export interface FuzzToolResult {
  report: ToolReport;
  seed: number;
  starts: number;
  /** Findings across the run (memory-growth), citing the calls. */
  run: Diagnostic[];
  savedTo?: string;
}

const DEFAULT_RUNS = 100;
const FUZZ_TIMEOUT_MS = 5000;

export function registerFuzzCommand(registry: ServerRegistry, log: Log): vscode.Disposable {
  return vscode.commands.registerCommand(FUZZ_TOOL_COMMAND, (arg?: FuzzToolArg | ItemRow) => fuzzCommand(registry, log, toArg(arg)));
}

function toArg(arg: FuzzToolArg | ItemRow | undefined): FuzzToolArg {
  return isRow(arg) ? { server: arg.key, tool: itemName(arg.item) } : (arg ?? {});
}

async function fuzzCommand(registry: ServerRegistry, log: Log, arg: FuzzToolArg): Promise<FuzzToolResult | undefined> {
  const entry = await stdioServerToLaunch(registry, arg.server, {
    untrusted: say`MCP Lens: fuzzing starts the server; trust this workspace first.`,
    question: say`Fuzz a tool of which MCP server?`,
  });
  if (!entry) return undefined;
  const spec = await specOf(entry);
  if ('problem' in spec) {
    void showError(say`MCP Lens: cannot fuzz "${entry.name}": ${spec.problem}`);
    return undefined;
  }
  const session = new FuzzSession(spec, {
    clientInfo: { name: 'mcp-lens', version: '0.1.0' },
    requestTimeoutMs: FUZZ_START_TIMEOUT_MS,
    probeTimeoutMs: 3000,
    roots: registry.rootsFor(entry.name),
  });
  try {
    const tool = await chooseTool(session, entry, arg.tool);
    if (!tool) return undefined;
    const allowDestructive =
      arg.allowDestructive === true || (tool.annotations?.destructiveHint === true && (await confirmDestructive(entry, tool)));
    const seed = arg.seed ?? (Date.now() % 2 ** 31) | 0;
    const report = await withProgress(entry, tool, (onCall, token) =>
      fuzzTool(tool, cancellable(session, token), {
        runs: arg.runs ?? DEFAULT_RUNS,
        seed,
        allowDestructive,
        timeoutMs: FUZZ_TIMEOUT_MS,
        onCall,
      }),
    );
    // The last process ends here, so that its memory across the run is judged too.
    await session.close();
    const overRun = session.runFindings();
    logReport(log, entry, report, seed);
    for (const d of overRun) log.warn(`[${entry.name}] fuzz "${report.tool}" (seed ${seed}): ${d.rule} across the run: ${d.message}`);
    const result: FuzzToolResult = { report, seed, starts: session.starts, run: overRun };
    const savedTo = await offerSave(entry, report, arg.save === true, overRun);
    return savedTo ? { ...result, savedTo } : result;
  } catch (error) {
    void showError(say`MCP Lens: fuzzing "${entry.name}" failed: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  } finally {
    await session.close();
  }
}

/** The server's command as configured, expanded as a headless run can (no input prompts). */
export async function specOf(entry: ServerEntry): Promise<ServerSpec | { problem: string }> {
  const config = entry.config;
  if (config.type !== 'stdio') return { problem: 'fuzzing runs stdio servers (it restarts the process after a crash)' };
  const resolved = await resolveServer(config, { userHome: os.homedir(), env: process.env, resolveInput: async () => undefined }).catch(
    (error: Error) => ({ ok: false as const, problems: [{ message: error.message }] }),
  );
  if (!resolved.ok) return { problem: resolved.problems.map((p) => p.message).join('; ') };
  const s = resolved.server;
  const env = Object.fromEntries(Object.entries(s.env).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return { name: s.name, command: s.command, args: s.args, cwd: s.cwd, env };
}

async function chooseTool(session: FuzzSession, entry: ServerEntry, wanted: string | undefined): Promise<ListedTool | undefined> {
  const tools = await session.tools();
  if (wanted !== undefined) {
    const tool = tools.find((t) => t.name === wanted);
    if (!tool) void showWarning(say`MCP Lens: "${entry.name}" does not list a tool called "${name(wanted)}".`);
    return tool;
  }
  if (tools.length === 0) {
    void showInfo(say`MCP Lens: "${entry.name}" lists no tools.`);
    return undefined;
  }
  return pickOne(
    tools.map((t) => ({
      label: say`${t.name}`,
      description: say`${t.annotations?.destructiveHint === true ? 'destructive' : ''}`,
      value: t,
    })),
    { placeHolder: say`Fuzz which tool of "${entry.name}"?` },
  );
}

async function confirmDestructive(entry: ServerEntry, tool: ListedTool): Promise<boolean> {
  const go = 'Fuzz Anyway';
  const choice = await askModal(
    say`"${tool.name}" of "${entry.name}" says it is destructive.`,
    say`Its annotations set destructiveHint: fuzzing calls it many times with arbitrary inputs, which could change or delete real data. Fuzz it only against a scratch setup.`,
    go,
  );
  return choice === go;
}

type OnCall = NonNullable<Parameters<typeof fuzzTool>[2]['onCall']>;

function withProgress<T>(
  entry: ServerEntry,
  tool: ListedTool,
  work: (onCall: OnCall, token: vscode.CancellationToken) => Promise<T>,
): Thenable<T> {
  return vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: render(say`Fuzzing "${tool.name}" of "${entry.name}"`, 'iconLine'),
      cancellable: true,
    },
    (progress, token) => {
      let calls = 0;
      return work(() => {
        calls++;
        if (calls % 10 === 0) progress.report({ message: render(say`${calls} calls`, 'iconLine') });
      }, token);
    },
  );
}

/** Cancel stops the run at the next call: every later call is answered as a pass, so fast-check ends. */
function cancellable(session: FuzzSession, token: vscode.CancellationToken): Pick<FuzzSession, 'call'> {
  return {
    call: (tool, args, opts) =>
      token.isCancellationRequested ? Promise.resolve({ end: 'result', durationMs: 0, diagnostics: [] }) : session.call(tool, args, opts),
  };
}

function logReport(log: Log, entry: ServerEntry, report: ToolReport, seed: number): void {
  const head = `[${entry.name}] fuzz "${report.tool}" (seed ${seed}): `;
  if (report.skipped) return log.info(`${head}not fuzzed: ${report.skipped}`);
  log.info(`${head}${report.findings.length} finding(s) in ${report.calls} calls`);
  for (const f of report.findings)
    log.warn(
      `${head}${f.rule}: ${f.message}; input (${f.valid ? 'valid' : `invalid: ${f.how}`}): ${JSON.stringify(f.args).slice(0, 2000)}`,
    );
}

/** The summary, and "Save as Tests" for the findings; `save` saves without asking. */
async function offerSave(
  entry: ServerEntry,
  report: ToolReport,
  save: boolean,
  overRun: readonly Diagnostic[],
): Promise<string | undefined> {
  if (report.skipped) {
    void showInfo(say`MCP Lens: "${report.tool}" was not fuzzed: ${report.skipped}`);
    return undefined;
  }
  if (report.findings.length === 0 && overRun.length > 0) {
    void showWarning(say`MCP Lens: fuzzing "${report.tool}": ${overRun[0].rule}: ${overRun[0].message}`);
    return undefined;
  }
  if (report.findings.length === 0) {
    void showInfo(say`MCP Lens: fuzzing "${report.tool}" found nothing in ${report.calls} calls.`);
    return undefined;
  }
  const button = 'Save as Tests';
  const first = report.findings[0]!;
  const summary = say`MCP Lens: fuzzing "${report.tool}" found ${report.findings.length} fault(s) in ${report.calls} calls. ${first.rule}: ${first.message} Input: ${JSON.stringify(first.args).slice(0, 200)}`;
  const choice = save ? button : await showWarning(summary, button);
  if (choice !== button) return undefined;
  return saveAsTests(entry, report.findings);
}

async function saveAsTests(entry: ServerEntry, findings: readonly FuzzFinding[]): Promise<string | undefined> {
  const folder = entry.config.file.workspaceFolder ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (!folder) {
    void showWarning(say`MCP Lens: open a folder to save tests in.`);
    return undefined;
  }
  const file = path.join(folder, '.mcp-lens', 'tests', `${entry.name.replace(/[^\w.-]+/g, '_')}.mcptest.json`);
  const uri = vscode.Uri.file(file);
  const existing = await readTextIfAny(uri);
  const saved = saveFindings(existing, file, { server: entry.name }, findings);
  await vscode.workspace.fs.createDirectory(vscode.Uri.file(path.dirname(file)));
  await vscode.workspace.fs.writeFile(uri, Buffer.from(saved.text, 'utf8'));
  void showInfo(say`MCP Lens: saved ${saved.added.length} regression test(s) in ${vscode.workspace.asRelativePath(uri)}.`);
  return file;
}
