import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from '../core/diagnose/diagnostic';
import { diagnose } from '../core/diagnose/engine';
import { parseTraceText } from '../core/trace/jsonl';
import { pairExchanges, type Exchanges } from './exchanges';
import { lineOf, lineStarts } from './lineStarts';
import type { LineProblem, Located } from './located';

/** Everything the features need about one version of a trace document, computed once. */
export interface Analysis {
  version: number;
  lineCount: number;
  /** The text of a line, without its line break. */
  lineText(line: number): string;
  located: readonly Located[];
  problems: readonly LineProblem[];
  /** Request/response pairs; built on first use (diagnostics do not need them). */
  readonly exchanges: Exchanges;
  diagnostics: readonly Diagnostic[];
  /** Milliseconds spent reading events and running the rules (wall), and the process's CPU time for both. */
  timing: { parse: number; diagnose: number; cpu: number };
  at(line: number): Located | undefined;
  bySeq(seq: number): Located | undefined;
}

/**
 * Reads the document with the core's parseTraceText and runs the core's diagnostics over its
 * events. The text is kept as read: the open document object is updated in place by edits.
 */
export function analyze(document: TextDocument): Analysis {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const text = document.getText();
  const parsed = parseTraceText(text);
  const starts = lineStarts(text);
  // parseTraceText counts lines from 1; LSP from 0. Each event is read from one line.
  const located: Located[] = parsed.events.map((event, i) => ({ event, start: parsed.lines[i] - 1, end: parsed.lines[i] - 1 }));
  const problems: LineProblem[] = parsed.problems.map((problem) => ({ line: problem.line - 1, message: problem.message }));
  const lineIndex = new Int32Array(starts.length).fill(-1);
  for (let i = 0; i < located.length; i++) lineIndex[located[i].start] = i;
  const read = performance.now();
  const diagnostics = diagnose(parsed.events);
  const done = performance.now();
  let exchanges: Exchanges | undefined;
  const bySeq = seqLookup(located);
  return {
    version: document.version,
    lineCount: starts.length,
    lineText: (line) => lineOf(text, starts, line),
    located,
    problems,
    get exchanges() {
      exchanges ??= pairExchanges(located);
      return exchanges;
    },
    diagnostics,
    timing: { parse: read - started, diagnose: done - read, cpu: cpuMs(process.cpuUsage(cpu)) },
    at: (line) => (line >= 0 && line < lineIndex.length && lineIndex[line] >= 0 ? located[lineIndex[line]] : undefined),
    bySeq,
  };
}

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

/**
 * Finds the event a diagnostic cites. Seqs normally increase through a file, so a binary
 * search does; a concatenated file (seqs restart) gets a map, keeping each seq's first event.
 */
function seqLookup(located: readonly Located[]): (seq: number) => Located | undefined {
  let increasing = true;
  for (let i = 1; i < located.length && increasing; i++) increasing = located[i].event.seq > located[i - 1].event.seq;
  if (!increasing) {
    const map = new Map<number, Located>();
    for (const item of located) if (!map.has(item.event.seq)) map.set(item.event.seq, item);
    return (seq) => map.get(seq);
  }
  return (seq) => {
    let low = 0;
    let high = located.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const value = located[mid].event.seq;
      if (value === seq) return located[mid];
      if (value < seq) low = mid + 1;
      else high = mid - 1;
    }
    return undefined;
  };
}
