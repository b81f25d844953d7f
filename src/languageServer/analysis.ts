import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from '../core/diagnose/diagnostic';
import { diagnose } from '../core/diagnose/engine';
import { parseTraceText } from '../core/trace/jsonl';
import { pairExchanges, type Exchanges } from './exchanges';
import type { LineProblem, Located } from './located';

/** Everything the features need about one version of a trace document, computed once. */
export interface Analysis {
  version: number;
  lineCount: number;
  /** The text of a line, without its line break. */
  lineText(line: number): string;
  located: readonly Located[];
  problems: readonly LineProblem[];
  exchanges: Exchanges;
  diagnostics: readonly Diagnostic[];
  /** Milliseconds spent reading lines and running the rules. */
  timing: { parse: number; diagnose: number };
  at(line: number): Located | undefined;
  bySeq(seq: number): Located | undefined;
}

export function analyze(live: TextDocument): Analysis {
  const started = performance.now();
  // The open document is updated in place on edits; the analysis keeps the text it read.
  const document = TextDocument.create(live.uri, live.languageId, live.version, live.getText());
  const parsed = parseTraceText(document.getText());
  // parseTraceText counts lines from 1; LSP from 0. Each event is read from one line.
  const located: Located[] = parsed.events.map((event, i) => ({ event, start: parsed.lines[i] - 1, end: parsed.lines[i] - 1 }));
  const problems: LineProblem[] = parsed.problems.map((problem) => ({ line: problem.line - 1, message: problem.message }));
  const lineCount = document.lineCount;
  const lineIndex = new Int32Array(lineCount).fill(-1);
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
    version: document.version,
    lineCount,
    lineText: (line) => document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }).replace(/\r?\n$/, ''),
    located,
    problems,
    exchanges,
    diagnostics,
    timing: { parse: read - started, diagnose: done - read },
    at: (line) => (line >= 0 && line < lineIndex.length && lineIndex[line] >= 0 ? located[lineIndex[line]] : undefined),
    bySeq: (seq) => seqIndex.get(seq),
  };
}
