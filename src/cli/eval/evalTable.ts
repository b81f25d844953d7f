/**
 * What `mcp-lens eval` prints: a table of cases by model (pass count, rate and its 95%
 * interval), a summary row per model, then each failure and finding in words.
 */
import type { CaseScore } from '../../core/eval/score';
import { selectionRates } from '../../core/eval/score';
import type { Style } from '../style';

export interface ModelFileResult {
  /** The eval file as the user named it. */
  file: string;
  model: string;
  cases: CaseScore[];
  problem?: string;
}

const pct = (x: number | undefined) => (x === undefined ? '–' : `${Math.round(x * 100)}%`);

export function caseCell(c: CaseScore): string {
  return `${c.passes}/${c.runs} ${pct(c.passRate)} [${pct(c.interval.low)}–${pct(c.interval.high)}]`;
}

/** One row per case of each file, one column per model. */
export function resultTable(results: readonly ModelFileResult[], minPassRate: number, s: Style): string[] {
  const models = [...new Set(results.map((r) => r.model))];
  const rows: string[][] = [];
  const failing: boolean[] = [];
  for (const file of [...new Set(results.map((r) => r.file))]) {
    const ofFile = results.filter((r) => r.file === file);
    const names = [...new Set(ofFile.flatMap((r) => r.cases.map((c) => c.name)))];
    for (const name of names) {
      const cells = models.map((m) => ofFile.find((r) => r.model === m)?.cases.find((c) => c.name === name));
      rows.push([`${file} › ${name}`, ...cells.map((c) => (c ? caseCell(c) : '–'))]);
      failing.push(cells.some((c) => c !== undefined && c.passRate < minPassRate));
    }
  }
  const summary = models.map((m) => summaryOf(results.filter((r) => r.model === m)));
  const labels = [
    'pass rate',
    'tool precision',
    'tool recall',
    'schema-breaking args',
    'hallucinated tools',
    'hallucinated args',
    'tokens in / out',
    'mean latency',
    'mean steps',
  ];
  const summaryRows = labels.map((label, i) => [label, ...summary.map((x) => x[i])]);
  if (results.some((r) => r.cases.some((c) => c.judged)))
    summaryRows.push(...judgeRows(models.map((m) => results.filter((r) => r.model === m))));
  const header = ['case', ...models];
  const widths = header.map((_, col) => Math.max(...[header, ...rows, ...summaryRows].map((r) => r[col].length)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [
    s.bold(line(header)),
    ...rows.map((r, i) => (failing[i] ? s.red(line(r)) : line(r))),
    s.dim(widths.map((w) => '─'.repeat(w)).join('  ')),
    ...summaryRows.map(line),
  ];
}

function summaryOf(results: readonly ModelFileResult[]): string[] {
  const cases = results.flatMap((r) => r.cases);
  const runs = cases.reduce((n, c) => n + c.runs, 0);
  const passes = cases.reduce((n, c) => n + c.passes, 0);
  const { precision, recall } = selectionRates(cases.map((c) => c.selection));
  const offered = cases.reduce((n, c) => n + c.offeredCalls, 0);
  const breaking = cases.reduce((n, c) => n + c.schemaBreaking, 0);
  const tools = new Set(cases.flatMap((c) => c.hallucinatedTools));
  const args = new Set(cases.flatMap((c) => c.hallucinatedArgs));
  const mean = (f: (c: CaseScore) => number) => (runs ? cases.reduce((n, c) => n + f(c) * c.runs, 0) / runs : 0);
  return [
    `${passes}/${runs} ${pct(runs ? passes / runs : undefined)}`,
    pct(precision),
    pct(recall),
    offered ? `${breaking}/${offered} ${pct(breaking / offered)}` : '–',
    String(tools.size),
    String(args.size),
    `${cases.reduce((n, c) => n + c.inputTokens, 0)} / ${cases.reduce((n, c) => n + c.outputTokens, 0)}`,
    `${Math.round(mean((c) => c.latencyMs))} ms`,
    mean((c) => c.steps).toFixed(1),
  ];
}

/** What the judges said over the judged answers, and what they cost (apart from the models' tokens). */
function judgeRows(byModel: readonly (readonly ModelFileResult[])[]): string[][] {
  const counts = byModel.map((results) => {
    const judged = results.flatMap((r) => r.cases.flatMap((c) => (c.judged ? [c.judged] : [])));
    const sum = (f: (j: (typeof judged)[number]) => number) => judged.reduce((n, j) => n + f(j), 0);
    return {
      pass: sum((j) => j.pass),
      fail: sum((j) => j.fail),
      unreadable: sum((j) => j.unreadable),
      error: sum((j) => j.error),
      inputTokens: sum((j) => j.inputTokens),
      outputTokens: sum((j) => j.outputTokens),
    };
  });
  return [
    ['judge pass / fail', ...counts.map((c) => `${c.pass} / ${c.fail}`)],
    ['judge unreadable', ...counts.map((c) => `${c.unreadable}${c.error ? ` (+${c.error} not asked)` : ''}`)],
    ['judge tokens in / out', ...counts.map((c) => `${c.inputTokens} / ${c.outputTokens}`)],
  ];
}

/** The failures and findings, each on its own line under its case. */
export function findingLines(results: readonly ModelFileResult[], s: Style): string[] {
  const lines: string[] = [];
  for (const r of results) {
    if (r.problem) lines.push(s.red(`✗ ${r.file} (${r.model}): ${r.problem}`));
    for (const c of r.cases) {
      const notes = caseFindings(c);
      if (notes.length === 0 && c.failures.length === 0) continue;
      lines.push(`${r.file}:${c.line} ${s.bold(c.name)} (${r.model})`);
      for (const f of c.failures) for (const m of f.messages) lines.push(s.red(`  ✗ repetition ${f.repetition}: ${m}`));
      for (const n of notes) lines.push(s.yellow(`  ! ${n}`));
    }
  }
  return lines;
}

export function caseFindings(c: CaseScore): string[] {
  const notes: string[] = [];
  if (c.hallucinatedTools.length) notes.push(`hallucinated tool: ${c.hallucinatedTools.join(', ')} (not offered by the server)`);
  if (c.hallucinatedArgs.length) notes.push(`hallucinated argument: ${c.hallucinatedArgs.join(', ')} (not in the tool's inputSchema)`);
  if (c.schemaBreaking)
    notes.push(
      `${c.schemaBreaking} of ${c.offeredCalls} call${c.offeredCalls === 1 ? '' : 's'} sent arguments the tool's inputSchema refuses`,
    );
  return notes;
}
