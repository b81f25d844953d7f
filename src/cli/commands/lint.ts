import { readFile } from 'node:fs/promises';
import { diagnose } from '../../core/diagnose/engine';
import { parseTraceText } from '../../core/trace/jsonl';
import type { LintArgs } from './lintArgs';
import { diagnosticLines } from '../diagnosticLines';
import { failsOn } from '../failOn';
import type { Output } from '../output';
import { buildReport } from '../report';
import { summarize } from '../summary';
import { summaryLines } from '../summaryLines';
import { traceLines } from '../traceLines';
import { hostFindings, type HostFinding } from '../../core/hosts/hostLint';
import { hostProfile } from '../../core/hosts/hostProfiles';
import { TOKEN_ENCODING } from '../../core/tokens/encoding';
import { requireTokenizer } from '../../core/tokens/load';
import type { Style } from '../style';

/**
 * `mcp-lens lint FILE`: the same diagnostics as a live session, over a recorded trace.
 * Evidence keeps the file's own seq numbers, so `#12` is line `"seq":12` in the file.
 */
export async function runLint(args: LintArgs, io: Output): Promise<number> {
  let text: string;
  try {
    text = await readFile(args.file, 'utf8');
  } catch (error) {
    io.err(`mcp-lens lint: cannot read ${args.file}: ${(error as Error).message}`);
    return 2;
  }
  const { events, problems } = parseTraceText(text);
  const diagnostics = diagnose(events);
  const hosts = args.hosts.length ? hostReport(summarize(events).tools, args.hosts) : undefined;
  const failed = failsOn(diagnostics, args.failOn) || (hosts !== undefined && hosts.findings.length > 0);
  if (args.json) {
    const report = { ...buildReport(null, events, diagnostics), problems, ...(hosts ? { hosts } : {}) };
    io.out(JSON.stringify(report));
    return failed ? 1 : 0;
  }
  const s = io.outStyle;
  io.out(`${args.file}: ${events.length} events`);
  for (const p of problems) io.out(s.yellow(`  line ${p.line}: ${p.message}`));
  if (events.length > 0) io.out(summaryLines(summarize(events), s).join('\n'));
  io.out('');
  io.out(diagnosticLines(diagnostics, s, traceLines(events, s)).join('\n'));
  if (hosts) io.out(hostLines(hosts, s).join('\n'));
  return failed ? 1 : 0;
}

interface HostReport {
  hosts: string[];
  findings: HostFinding[];
  tokens: { encoding: string; total: number; tools: { name: string; tokens: number }[] };
}

function hostReport(tools: Record<string, unknown>[], ids: string[]): HostReport {
  // Required here: building the tokenizer's rank table costs every other command ~120 ms at start.
  const { toolTokens } = requireTokenizer();
  const profiles = ids.map((id) => hostProfile(id)!);
  const counted = tools.map((t) => ({ name: String(t.name ?? ''), tokens: toolTokens(t) }));
  return {
    hosts: ids,
    findings: hostFindings(tools, profiles),
    tokens: { encoding: TOKEN_ENCODING, total: counted.reduce((n, t) => n + t.tokens, 0), tools: counted },
  };
}

function hostLines(r: HostReport, s: Style): string[] {
  const lines = ['', s.bold(`Hosts: ${r.hosts.join(', ')}`)];
  if (r.findings.length === 0) lines.push(s.green('  every tool definition is within the documented limits'));
  for (const f of r.findings)
    lines.push(`  ${s.red(f.rule)} [${f.host}] ${f.message}`, s.dim(`      ${f.fix}`), s.dim(`      source: ${f.source}`));
  lines.push('', s.bold(`Token cost (${r.tokens.encoding}): ${r.tokens.total} tokens for ${r.tokens.tools.length} tool definitions`));
  for (const t of [...r.tokens.tools].sort((a, b) => b.tokens - a.tokens)) lines.push(`  ${String(t.tokens).padStart(6)}  ${t.name}`);
  return lines;
}
