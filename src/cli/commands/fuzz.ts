import { readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { Diagnostic } from '../../core/diagnose/diagnostic';
import { fuzzTool, type FuzzFinding, type ToolReport } from '../../core/fuzz/fuzzRun';
import { FuzzSession, type ListedTool } from '../../core/fuzz/fuzzSession';
import { saveFindings } from '../../core/fuzz/saveFindings';
import type { FuzzArgs } from '../args';
import type { Output } from '../output';
import type { Style } from '../style';
import { fuzzJunit, fuzzSarif } from '../testReports/fuzzReports';
import { entryFile } from '../testReports/runFindings';
import { version } from '../version';
import { describeError } from './session';

/**
 * `mcp-lens fuzz`: inputs drawn from each tool's inputSchema, each a real call on the running
 * server (restarted after a crash, or a hang it does not recover from); every finding shrunk
 * to its smallest input, a hang included; a hang costs the full timeout once per kind of input.
 * Exit 1 when there is a finding, or when the server cannot be started.
 */
export async function runFuzz(args: FuzzArgs, io: Output): Promise<number> {
  const seed = args.seed ?? (Date.now() % 2 ** 31) | 0;
  const session = new FuzzSession({ command: args.server.command, args: args.server.args }, { clientInfo: { name: 'mcp-lens', version }, requestTimeoutMs: args.timeoutMs, probeTimeoutMs: Math.min(3000, args.timeoutMs) });
  const reports: ToolReport[] = [];
  try {
    let tools: ListedTool[];
    try {
      tools = await session.tools();
    } catch (error) {
      io.err(`mcp-lens fuzz: could not start the server: ${describeError(error)}`);
      return 1;
    }
    const unknown = args.tools.filter((name) => !tools.some((t) => t.name === name));
    if (unknown.length) {
      io.err(`mcp-lens fuzz: no tool ${unknown.map((n) => JSON.stringify(n)).join(', ')}; the server lists ${tools.map((t) => t.name).join(', ') || 'none'}`);
      return 1;
    }
    const chosen = args.tools.length ? tools.filter((t) => args.tools.includes(t.name)) : tools;
    if (!args.json) io.err(io.errStyle.dim(`fuzzing ${chosen.length} tool${chosen.length === 1 ? '' : 's'}, ${args.runs} runs each, seed ${seed}`));
    for (const tool of chosen) {
      const report = await fuzzTool(tool, session, { runs: args.runs, seed, allowDestructive: args.allowDestructive, timeoutMs: args.timeoutMs });
      reports.push(report);
      if (!args.json) io.out(toolLines(report, io.outStyle).join('\n'));
    }
  } finally {
    await session.close();
  }
  // Across the calls rather than in one: the server's memory growing with them.
  const overRun = session.runFindings();
  const findings = reports.flatMap((r) => r.findings);
  const saved = args.save && findings.length ? await save(args, findings) : [];
  if (args.junit) await writeFile(args.junit, fuzzJunit(reports, serverName(args), overRun));
  if (args.sarif) await writeFile(args.sarif, `${JSON.stringify(fuzzSarif(reports, version, entryFile(args.server.args), overRun), null, 2)}\n`);
  const calls = reports.reduce((n, r) => n + r.calls, 0);
  if (args.json) {
    io.out(JSON.stringify({ seed, runs: args.runs, calls, starts: session.starts, tools: reports, run: overRun, ...(args.save ? { saved: { file: args.save, tests: saved } } : {}) }));
  } else {
    const s = io.outStyle;
    const restarts = session.starts - 1;
    if (overRun.length) io.out(runLines(overRun, s).join('\n'));
    const total = findings.length + overRun.length;
    io.out(`\n${total ? s.red(`${total} finding${total === 1 ? '' : 's'}`) : s.green('0 findings')} in ${calls} calls${restarts ? `, the server restarted ${restarts} time${restarts === 1 ? '' : 's'}` : ''}; repeat with --seed ${seed}`);
    if (saved.length) io.out(`saved ${saved.length} regression test${saved.length === 1 ? '' : 's'} to ${args.save} (run them with mcp-lens test ${args.save})`);
  }
  return findings.length || overRun.length || reports.some((r) => r.stopped) ? 1 : 0;
}

/** Findings of the whole run (memory-growth), with the seq numbers of the calls they cite. */
export function runLines(diagnostics: readonly Diagnostic[], s: Style): string[] {
  return [`${s.red('✗')} ${s.bold('across the run')}`, ...diagnostics.flatMap((d) => [`    ${d.severity === 'error' ? s.red(d.rule) : s.yellow(d.rule)} ${d.message}`, s.dim(`      evidence: events ${d.evidence.map((e) => `#${e}`).join(', ')} of the run's trace`), s.dim(`      ${d.hint}`)])];
}

async function save(args: FuzzArgs, findings: readonly FuzzFinding[]): Promise<string[]> {
  const existing = await readFile(args.save!, 'utf8').catch(() => undefined);
  // The test file runs its command from its own folder unless it says otherwise: from here, then.
  const cwd = path.relative(path.dirname(path.resolve(args.save!)), process.cwd()) || '.';
  const { text, added } = saveFindings(existing, args.save!, { command: [args.server.command, ...args.server.args], cwd }, findings);
  if (added.length) await writeFile(args.save!, text);
  return added;
}

export function serverName(args: Pick<FuzzArgs, 'server'>): string {
  return args.server.args.find((a) => !a.startsWith('-'))?.replace(/^.*[\\/]/, '') ?? args.server.command;
}

function toolLines(report: ToolReport, s: Style): string[] {
  if (report.skipped) return [`${s.yellow('-')} ${s.bold(report.tool)} not fuzzed: ${report.skipped}`];
  const head = `${report.findings.length ? s.red('✗') : s.green('✓')} ${s.bold(report.tool)} ${s.dim(`${report.calls} calls`)}`;
  const lines = [head];
  for (const f of report.findings) {
    lines.push(`    ${f.severity === 'error' ? s.red(f.rule) : s.yellow(f.rule)} ${f.message}`);
    lines.push(s.dim(`      input (${f.valid ? 'valid' : `invalid: ${f.how}`}): ${preview(f.args)}`));
    lines.push(s.dim(`      ${f.hint}`));
  }
  if (report.hangs) lines.push(s.dim(`    ${hangLine(report.hangs)}`));
  if (report.stopped) lines.push(s.red(`    stopped after ${report.calls} calls: ${report.stopped}`));
  return lines;
}

/** What the hangs cost: one full timeout per class at most, then the learned deadline. */
function hangLine(h: NonNullable<ToolReport['hangs']>): string {
  const classes = h.classes.length === 1 ? `1 kind of input hung (${h.classes[0]})` : `${h.classes.length} kinds of input hung (${h.classes.join('; ')})`;
  return `${classes}: ${h.fullTimeouts} call${h.fullTimeouts === 1 ? '' : 's'} waited the full timeout, the rest of those inputs ${h.deadlineMs} ms (learned from the server's answers)${h.setAside ? `; ${h.setAside} more of them not sent once the hang was found` : ''}`;
}

/** Inputs can be 100 000 characters long: the terminal gets the start and the length. */
function preview(args: Record<string, unknown>): string {
  const text = JSON.stringify(args, (_k, v: unknown) => (typeof v === 'string' && v.length > 60 ? `${v.slice(0, 40)}… (${v.length} characters)` : v));
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}
