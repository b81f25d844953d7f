import { readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { Diagnostic } from '../../core/diagnose/diagnostic';
import { fuzzTool, type FuzzFinding, type ToolReport } from '../../core/fuzz/fuzzRun';
import { FUZZ_START_TIMEOUT_MS, FuzzSession, type ListedTool } from '../../core/fuzz/fuzzSession';
import { saveFindings } from '../../core/fuzz/saveFindings';
import type { FuzzArgs } from './fuzzArgs';
import type { Output } from '../output';
import type { Style } from '../style';
import { fuzzJunit, fuzzSarif } from '../testReports/fuzzReports';
import { entryFile } from '../testReports/runFindings';
import { version } from '../version';
import { isRemote, type ServerTarget } from '../serverTarget';
import { describeError } from '../../core/session/errors';
import { terminalText } from '../../core/text';
import { clientOptions, clientSpec } from './session';

/**
 * `mcp-lens fuzz`: inputs drawn from each tool's inputSchema, each a real call on the running
 * server (restarted after a crash, or a hang it does not recover from); every finding shrunk
 * to its smallest input, a hang included; a hang costs the full timeout once per kind of input.
 * Exit 1 when there is a finding, or when the server cannot be started.
 */
export async function runFuzz(args: FuzzArgs, io: Output): Promise<number> {
  const seed = args.seed ?? (Date.now() % 2 ** 31) | 0;
  if (args.save && isRemote(args.server) && !(await hasText(args.save))) {
    // A new test file would have to name the server, and a file names a command or an MCP config entry, not a URL.
    io.err(
      `mcp-lens fuzz: --save with --url adds tests to an existing test file; ${args.save} does not exist or is empty (create it with "server" or "command", or run the saved tests with mcp-lens test FILE --url URL)`,
    );
    return 2;
  }
  // Over HTTP a "restart" is a new session on the same server: the client made per start connects again.
  const session = new FuzzSession(clientSpec(args.server), clientOptions(args.server, Math.max(args.timeoutMs, FUZZ_START_TIMEOUT_MS)));
  const reports: ToolReport[] = [];
  try {
    const chosen = await chooseTools(session, args, io);
    if (!chosen) return 1;
    if (!args.json)
      io.err(io.errStyle.dim(`fuzzing ${chosen.length} tool${chosen.length === 1 ? '' : 's'}, ${args.runs} runs each, seed ${seed}`));
    if (!args.json && isRemote(args.server)) io.err(io.errStyle.yellow(`note: ${REMOTE_MEMORY_NOTE}`));
    for (const tool of chosen) reports.push(await fuzzOne(tool, session, args, io, seed));
  } finally {
    await session.close();
  }
  // Across the calls rather than in one: the server's memory growing with them.
  const overRun = session.runFindings();
  const findings = reports.flatMap((r) => r.findings);
  const saved = args.save && findings.length ? await save(args, findings) : [];
  if (args.junit) await writeFile(args.junit, fuzzJunit(reports, serverName(args), overRun));
  if (args.sarif)
    await writeFile(args.sarif, `${JSON.stringify(fuzzSarif(reports, version, serverEntryFile(args.server), overRun), null, 2)}\n`);
  printSummary(args, io, { seed, reports, overRun, saved, starts: session.starts });
  return findings.length || overRun.length || reports.some((r) => r.stopped) ? 1 : 0;
}

/** The tools to fuzz: those named (each must be listed), else every one; undefined when the server cannot start or a name is unknown. */
async function chooseTools(session: FuzzSession, args: FuzzArgs, io: Output): Promise<ListedTool[] | undefined> {
  let tools: ListedTool[];
  try {
    tools = await session.tools();
  } catch (error) {
    io.err(`mcp-lens fuzz: could not ${isRemote(args.server) ? 'connect to' : 'start'} the server: ${describeError(error)}`);
    return undefined;
  }
  const unknown = args.tools.filter((name) => !tools.some((t) => t.name === name));
  if (unknown.length) {
    io.err(
      `mcp-lens fuzz: no tool ${unknown.map((n) => JSON.stringify(n)).join(', ')}; the server lists ${tools.map((t) => t.name).join(', ') || 'none'}`,
    );
    return undefined;
  }
  return args.tools.length ? tools.filter((t) => args.tools.includes(t.name)) : tools;
}

/** One tool's fuzz run, its lines printed as it ends. */
async function fuzzOne(tool: ListedTool, session: FuzzSession, args: FuzzArgs, io: Output, seed: number): Promise<ToolReport> {
  let sent = 0;
  const report = await fuzzTool(tool, session, {
    runs: args.runs,
    seed,
    allowDestructive: args.allowDestructive,
    timeoutMs: args.timeoutMs,
    // A hang costs a timeout per kind of input: say what the run is waiting on.
    onSend: (_tool, input) => io.status?.(terminalText(`fuzzing ${tool.name}, call ${++sent}: ${input.how}`)),
  });
  io.status?.(undefined);
  if (!args.json) io.out(toolLines(report, io.outStyle).join('\n'));
  return report;
}

/** The run's end: one JSON object with --json, else the findings across the run and the count line. */
function printSummary(
  args: FuzzArgs,
  io: Output,
  run: { seed: number; reports: ToolReport[]; overRun: Diagnostic[]; saved: readonly string[]; starts: number },
): void {
  const { seed, reports, overRun, saved, starts } = run;
  const calls = reports.reduce((n, r) => n + r.calls, 0);
  if (args.json) {
    io.out(
      JSON.stringify({
        seed,
        runs: args.runs,
        calls,
        starts,
        tools: reports,
        run: overRun,
        ...(isRemote(args.server) ? { limits: [REMOTE_MEMORY_NOTE] } : {}),
        ...(args.save ? { saved: { file: args.save, tests: saved } } : {}),
      }),
    );
    return;
  }
  const s = io.outStyle;
  const restarts = starts - 1;
  if (overRun.length) io.out(runLines(overRun, s).join('\n'));
  const total = reports.reduce((n, r) => n + r.findings.length, 0) + overRun.length;
  const again = isRemote(args.server)
    ? `reconnected ${restarts} time${restarts === 1 ? '' : 's'} (a new session each)`
    : `the server restarted ${restarts} time${restarts === 1 ? '' : 's'}`;
  io.out(
    `\n${total ? s.red(`${total} finding${total === 1 ? '' : 's'}`) : s.green('0 findings')} in ${calls} calls${restarts ? `, ${again}` : ''}; repeat with --seed ${seed}`,
  );
  if (saved.length)
    io.out(
      `saved ${saved.length} regression test${saved.length === 1 ? '' : 's'} to ${args.save} (run them with mcp-lens test ${args.save})`,
    );
}

/** Findings of the whole run (memory-growth), with the seq numbers of the calls they cite. */
export function runLines(diagnostics: readonly Diagnostic[], s: Style): string[] {
  return [
    `${s.red('✗')} ${s.bold('across the run')}`,
    ...diagnostics.flatMap((d) => [
      `    ${d.severity === 'error' ? s.red(d.rule) : s.yellow(d.rule)} ${d.message}`,
      s.dim(`      evidence: events ${d.evidence.map((e) => `#${e}`).join(', ')} of the run's trace`),
      s.dim(`      ${d.hint}`),
    ]),
  ];
}

async function save(args: FuzzArgs, findings: readonly FuzzFinding[]): Promise<string[]> {
  const existing = await readIfThere(args.save!);
  // The test file runs its command from its own folder unless it says otherwise: from here, then.
  const cwd = path.relative(path.dirname(path.resolve(args.save!)), process.cwd()) || '.';
  // A remote server's findings go into an existing file only (runFuzz checked), which keeps its own server.
  const server = isRemote(args.server) ? { server: '' } : { command: [args.server.command, ...args.server.args], cwd };
  const { text, added } = saveFindings(existing, args.save!, server, findings);
  if (added.length) await writeFile(args.save!, text);
  return added;
}

/** What the CI reports call the server: its script's file name, or a remote server's host. */
export function serverName(args: Pick<FuzzArgs, 'server'>): string {
  if (isRemote(args.server)) return new URL(args.server.url).host;
  return args.server.args.find((a) => !a.startsWith('-'))?.replace(/^.*[\\/]/, '') ?? args.server.command;
}

/** The source file SARIF places run findings in: a stdio server's script; a remote server has none here. */
export function serverEntryFile(server: ServerTarget): string | undefined {
  return isRemote(server) ? undefined : entryFile(server.args);
}

/** memory-growth reads the server process's memory by its pid: a remote server has none on this machine. */
export const REMOTE_MEMORY_NOTE = "the server's memory is not sampled for a remote server (--url): memory-growth is not judged";

async function hasText(file: string): Promise<boolean> {
  return ((await readIfThere(file)) ?? '').trim() !== '';
}

/** A file's text, or undefined when there is no such file; any other failure (EACCES, EISDIR) is the caller's to report. */
async function readIfThere(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A tool's lines. Its name, the near misses (named by the schema's properties) and the messages are the server's text. */
function toolLines(report: ToolReport, s: Style): string[] {
  const tool = terminalText(report.tool);
  if (report.skipped) return [`${s.yellow('-')} ${s.bold(tool)} not fuzzed: ${terminalText(report.skipped)}`];
  const head = `${report.findings.length ? s.red('✗') : s.green('✓')} ${s.bold(tool)} ${s.dim(`${report.calls} calls`)}`;
  const lines = [head];
  for (const f of report.findings) {
    lines.push(`    ${f.severity === 'error' ? s.red(f.rule) : s.yellow(f.rule)} ${terminalText(f.message)}`);
    lines.push(s.dim(`      input (${f.valid ? 'valid' : `invalid: ${terminalText(f.how)}`}): ${preview(f.args)}`));
    lines.push(s.dim(`      ${f.hint}`));
  }
  if (report.hangs) lines.push(s.dim(`    ${terminalText(hangLine(report.hangs))}`));
  if (report.stopped) lines.push(s.red(`    stopped after ${report.calls} calls: ${terminalText(report.stopped)}`));
  return lines;
}

/** What the hangs cost: one full timeout per class at most, then the learned deadline. */
function hangLine(h: NonNullable<ToolReport['hangs']>): string {
  const classes =
    h.classes.length === 1 ? `1 kind of input hung (${h.classes[0]})` : `${h.classes.length} kinds of input hung (${h.classes.join('; ')})`;
  return `${classes}: ${h.fullTimeouts} call${h.fullTimeouts === 1 ? '' : 's'} waited the full timeout; the rest of those inputs waited a deadline learned from the server's answers (${h.deadlineMs} ms at the end)${h.setAside ? `; ${h.setAside} more of them not sent once the hang was found` : ''}`;
}

/** Inputs can be 100 000 characters long: the terminal gets the start and the length. */
function preview(args: Record<string, unknown>): string {
  const text = JSON.stringify(args, (_k, v: unknown) =>
    typeof v === 'string' && v.length > 60 ? `${v.slice(0, 40)}… (${v.length} characters)` : v,
  );
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}
