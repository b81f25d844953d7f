/**
 * What `mcp-lens eval --compare` prints: each case's pass rate before and after with its
 * interval, the change with its interval, and the change in how each tool is chosen; a
 * change the repetitions cannot tell from noise is said so, with the repetitions that would.
 */
import type { CaseChange, ToolChange, ToolRates } from '../../core/eval/compare';
import type { Difference } from '../../core/eval/newcombe';
import type { CaseScore } from '../../core/eval/score';
import type { Style } from '../style';
import { findingLines } from './evalTable';

export interface CompareResult {
  /** The eval file as the user named it. */
  file: string;
  model: string;
  before: { cases: CaseScore[]; problem?: string };
  after: { cases: CaseScore[]; problem?: string };
  cases: CaseChange[];
  tools: ToolChange[];
}

const pct = (x: number | undefined) => (x === undefined ? '–' : `${Math.round(x * 100)}%`);
const signed = (x: number) => (Math.round(x * 100) === 0 ? '0%' : `${x > 0 ? '+' : '−'}${Math.abs(Math.round(x * 100))}%`);

function rateCell(side: CaseChange['before']): string {
  return side?.runs
    ? `${side.passes}/${side.runs} ${pct(side.passRate)} [${pct(side.interval.low)}–${pct(side.interval.high)}]`
    : 'not run';
}

function differenceCell(d: Difference): string {
  return `${signed(d.estimate)} [${signed(d.low)}, ${signed(d.high)}]`;
}

const CHANGE_WORDS: Record<CaseChange['change'], string> = {
  better: 'better',
  worse: 'worse',
  noise: 'noise?',
  same: 'no change',
  'not-run': 'not run',
};

/** A case fails a comparison when it got worse beyond noise and the new side misses --min-pass-rate. */
export function regressed(c: CaseChange, minPassRate: number): boolean {
  return c.change === 'worse' && (c.after?.passRate ?? 0) < minPassRate;
}

export function compareLines(
  results: readonly CompareResult[],
  sides: { before: string; after: string },
  minPassRate: number,
  s: Style,
): string[] {
  const several = new Set(results.map((r) => r.model)).size > 1;
  const label = (r: CompareResult, name: string) => `${r.file} › ${name}${several ? ` (${r.model})` : ''}`;
  const rows: string[][] = [];
  const red: boolean[] = [];
  for (const r of results) {
    for (const c of r.cases) {
      rows.push([
        label(r, c.name),
        rateCell(c.before),
        rateCell(c.after),
        c.change === 'not-run' ? CHANGE_WORDS[c.change] : `${differenceCell(c.difference)} ${CHANGE_WORDS[c.change]}`,
      ]);
      red.push(regressed(c, minPassRate));
    }
  }
  const lines = [
    s.dim(`before: ${sides.before}`),
    s.dim(`after:  ${sides.after}`),
    '',
    ...table(['case', 'before', 'after', 'change'], rows, red, s),
  ];
  const tools = results.flatMap((r) =>
    r.tools.map((t) => [
      `${t.tool}${several ? ` (${r.model})` : ''}`,
      rates(t.before, 'precision'),
      rates(t.after, 'precision'),
      rates(t.before, 'recall'),
      rates(t.after, 'recall'),
    ]),
  );
  if (tools.length) lines.push('', ...table(['tool', 'precision before', 'after', 'recall before', 'after'], tools, [], s));
  const notes = results.flatMap((r) =>
    r.cases
      .filter((c) => c.change === 'noise')
      .map(
        (c) =>
          `${label(r, c.name)}: ${signed(c.difference.estimate)} cannot be told from noise at ${repetitions(c)}; ${c.repeatToTell ? `--repeat ${c.repeatToTell} would tell a change this size` : 'a change this small needs far more --repeat'}`,
      ),
  );
  if (notes.length) lines.push('', ...notes.map((n) => s.yellow(`? ${n}`)));
  const problems = results.flatMap((r) => [
    ...(r.before.problem ? [`${r.file} (${r.model}) before: ${r.before.problem}`] : []),
    ...(r.after.problem ? [`${r.file} (${r.model}) after: ${r.after.problem}`] : []),
  ]);
  if (problems.length) lines.push('', ...problems.map((p) => s.red(`✗ ${p}`)));
  const findings = findingLines(
    results.map((r) => ({ file: r.file, model: r.model, cases: r.after.cases })),
    s,
  );
  if (findings.length) lines.push('', s.bold('after:'), ...findings);
  return lines;
}

function repetitions(c: CaseChange): string {
  const runs = [c.before?.runs ?? 0, c.after?.runs ?? 0];
  return runs[0] === runs[1] ? `${runs[0]} repetition${runs[0] === 1 ? '' : 's'}` : `${runs[0]} and ${runs[1]} repetitions`;
}

function rates(r: ToolRates, which: 'precision' | 'recall'): string {
  const counts = which === 'precision' ? [r.counts.chosenExpected, r.counts.chosen] : [r.counts.expectedChosen, r.counts.expected];
  return counts[1] ? `${pct(r[which])} (${counts[0]}/${counts[1]})` : '–';
}

function table(header: string[], rows: string[][], red: boolean[], s: Style): string[] {
  const widths = header.map((_, col) => Math.max(...[header, ...rows].map((r) => r[col].length)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [s.bold(line(header)), ...rows.map((r, i) => (red[i] ? s.red(line(r)) : line(r)))];
}
