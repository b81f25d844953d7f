import type { Diagnostic } from '../core/diagnose/diagnostic';
import { diagnose } from '../core/diagnose/engine';
import { pairExchanges, type Exchanges } from './exchanges';
import { parseTraceText } from '../core/trace/jsonl';
import type { LineProblem, Located } from './located';

/** Everything the features need about one version of a trace document, computed once. */
export interface Analysis {
  version: number;
  lines: readonly string[];
  located: readonly Located[];
  problems: readonly LineProblem[];
  exchanges: Exchanges;
  diagnostics: readonly Diagnostic[];
  /** Milliseconds spent reading lines and running the rules. */
  timing: { parse: number; diagnose: number };
  at(line: number): Located | undefined;
  bySeq(seq: number): Located | undefined;
}

export function analyze(text: string, version: number): Analysis {
  const started = performance.now();
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  const parsed = parseTraceText(text);
  // parseTraceText counts lines from 1; LSP from 0. Each event is read from one line.
  const located: Located[] = parsed.events.map((event, i) => ({ event, start: parsed.lines[i] - 1, end: parsed.lines[i] - 1 }));
  const problems: LineProblem[] = parsed.problems.map((problem) => ({ line: problem.line - 1, message: problem.message }));
  const lineIndex = new Int32Array(lines.length).fill(-1);
  const seqIndex = new Map<number, Located>();
  located.forEach((item, i) => {
    for (let line = item.start; line <= item.end; line++) lineIndex[line] = i;
    // A concatenated file may repeat seqs; the evidence of a diagnostic then cites the first.
    if (!seqIndex.has(item.event.seq)) seqIndex.set(item.event.seq, item);
  });
  const exchanges = pairExchanges(located);
  const read = performance.now();
  const diagnostics = diagnose(parsed.events);
  const done = performance.now();
  return {
    version,
    lines,
    located,
    problems,
    exchanges,
    diagnostics,
    timing: { parse: read - started, diagnose: done - read },
    at: (line) => (line >= 0 && line < lineIndex.length && lineIndex[line] >= 0 ? located[lineIndex[line]] : undefined),
    bySeq: (seq) => seqIndex.get(seq),
  };
}
