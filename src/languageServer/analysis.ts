import type { Diagnostic } from '../core/diagnose/diagnostic';
import { pairExchanges, type Exchanges } from './exchanges';
import { readTraceLines } from './lineEvents';
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
  const lines = text.split(/\r?\n/);
  const { located, problems } = readTraceLines(lines);
  const lineIndex = new Int32Array(lines.length).fill(-1);
  const seqIndex = new Map<number, Located>();
  located.forEach((item, i) => {
    for (let line = item.start; line <= item.end; line++) lineIndex[line] = i;
    // A concatenated file may repeat seqs; the evidence of a diagnostic then cites the first.
    if (!seqIndex.has(item.event.seq)) seqIndex.set(item.event.seq, item);
  });
  const exchanges = pairExchanges(located);
  const parsed = performance.now();
  const diagnostics: Diagnostic[] = [];
  const done = performance.now();
  return {
    version,
    lines,
    located,
    problems,
    exchanges,
    diagnostics,
    timing: { parse: parsed - started, diagnose: done - parsed },
    at: (line) => (line >= 0 && line < lineIndex.length && lineIndex[line] >= 0 ? located[lineIndex[line]] : undefined),
    bySeq: (seq) => seqIndex.get(seq),
  };
}
