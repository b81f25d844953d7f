import { readFile } from 'node:fs/promises';
import { diagnose } from '../../core/diagnose/engine';
import { parseTraceText } from '../../core/trace/jsonl';
import type { LintArgs } from '../args';
import { diagnosticLines } from '../diagnosticLines';
import { failsOn } from '../failOn';
import type { Output } from '../output';
import { buildReport } from '../report';
import { summarize } from '../summary';
import { summaryLines } from '../summaryLines';
import { traceLines } from '../traceLines';

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
  if (args.json) {
    const report = { ...buildReport(null, events, diagnostics), problems };
    io.out(JSON.stringify(report));
    return failsOn(diagnostics, args.failOn) ? 1 : 0;
  }
  const s = io.outStyle;
  io.out(`${args.file}: ${events.length} events`);
  for (const p of problems) io.out(s.yellow(`  line ${p.line}: ${p.message}`));
  if (events.length > 0) io.out(summaryLines(summarize(events), s).join('\n'));
  io.out('');
  io.out(diagnosticLines(diagnostics, s, traceLines(events, s)).join('\n'));
  return failsOn(diagnostics, args.failOn) ? 1 : 0;
}
