import type { FoldingRange } from 'vscode-languageserver';
import type { Analysis } from './analysis';

/** Folds each exchange (request line to response line), multi-line events and runs of stderr. */
export function foldingRanges(analysis: Analysis): FoldingRange[] {
  const out: FoldingRange[] = [];
  for (const exchange of analysis.exchanges.list) {
    const last = exchange.responses[exchange.responses.length - 1];
    if (last && last.end > exchange.request.start) out.push({ startLine: exchange.request.start, endLine: last.end, kind: 'region' });
  }
  let runStart = -1;
  let runEnd = -1;
  for (const item of analysis.located) {
    if (item.end > item.start) out.push({ startLine: item.start, endLine: item.end });
    if (item.event.dir !== 'stderr') continue;
    if (runStart >= 0 && item.start <= runEnd + 1) {
      runEnd = item.end;
      continue;
    }
    if (runEnd > runStart) out.push({ startLine: runStart, endLine: runEnd, kind: 'region' });
    runStart = item.start;
    runEnd = item.end;
  }
  if (runEnd > runStart) out.push({ startLine: runStart, endLine: runEnd, kind: 'region' });
  return out.sort((a, b) => a.startLine - b.startLine);
}
