import { nameText, oneLine } from '../core/text';
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver';
import { CallCauses } from '../core/trace/causes';
import { isNotification, isRequest, isResponse } from '../core/wire/message';
import type { Analysis } from './analysis';
import { formatMs, latency, outcome, requestLabel, summary } from './describe';
import { rangeOf } from './diagnostics';
import type { Located } from './located';

/** Beyond this many exchanges the outline drops the request/response leaves: three symbols per exchange make a 100 000-exchange outline crawl. */
const MAX_EXCHANGES_WITH_CHILDREN = 5_000;

/**
 * The outline: one symbol per exchange (request + its response, named by method, detailed
 * with id, latency and outcome), notifications, runs of stderr, stray lines and lifecycle events.
 * What happens inside a call (its multi-round-trip retries, the server requests it caused, its
 * task's polls and statuses: core/trace/causes.ts) is nested under it, as in the Messages view.
 */
export function documentSymbols(analysis: Analysis): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  const withChildren = analysis.exchanges.list.length <= MAX_EXCHANGES_WITH_CHILDREN;
  let stderrRun: Located[] = [];
  const causes = new CallCauses();
  const calls = new Map<number, DocumentSymbol>();
  /** Top level, or inside the call the event belongs to (the call's range grows to hold it). */
  const place = (item: Located, symbol: DocumentSymbol) => {
    const call = withChildren ? calls.get(causes.place(item.event) ?? -1) : undefined;
    if (!call) {
      out.push(symbol);
      if (item.event.dir === 'c2s' && isRequest(item.event.msg)) calls.set(item.event.seq, symbol);
      return;
    }
    call.children = [...(call.children ?? []), symbol].sort((a, b) => a.range.start.line - b.range.start.line);
    if (symbol.range.end.line > call.range.end.line) call.range = { start: call.range.start, end: symbol.range.end };
  };
  const flushStderr = () => {
    if (stderrRun.length === 0) return;
    const first = stderrRun[0];
    const last = stderrRun[stderrRun.length - 1];
    out.push({
      name: `stderr: ${clip(first.event.raw)}`,
      detail: stderrRun.length > 1 ? `${stderrRun.length} lines` : '',
      kind: SymbolKind.String,
      range: { start: rangeOf(analysis, first).start, end: rangeOf(analysis, last).end },
      selectionRange: rangeOf(analysis, first),
    });
    stderrRun = [];
  };
  for (const item of analysis.located) {
    const event = item.event;
    if (event.dir === 'stderr') {
      stderrRun.push(item);
      continue;
    }
    flushStderr();
    const msg = event.msg;
    if (isRequest(msg)) place(item, exchangeSymbol(analysis, item, withChildren));
    else if (isResponse(msg)) {
      causes.place(event);
      if (!analysis.exchanges.of.has(item)) out.push(leaf(analysis, item, `response #${String(msg.id)} (no request)`, SymbolKind.Null));
    } else if (isNotification(msg)) place(item, leaf(analysis, item, msg.method, SymbolKind.Event, arrow(item)));
    else if (event.dir === 'meta') {
      causes.place(event);
      out.push(leaf(analysis, item, event.kind ?? 'lifecycle', SymbolKind.Constant, clip(event.raw)));
    } else out.push(leaf(analysis, item, summary(event), SymbolKind.String, clip(event.raw)));
  }
  flushStderr();
  return out;
}

function exchangeSymbol(analysis: Analysis, request: Located, withChildren: boolean): DocumentSymbol {
  const exchange = analysis.exchanges.of.get(request)!;
  const msg = request.event.msg as { id: string | number };
  const ms = latency(exchange);
  const detail = [arrow(request), `#${String(msg.id)}`, ms === undefined ? undefined : formatMs(ms), outcome(exchange)]
    .filter(Boolean)
    .join(' · ');
  const children = [leaf(analysis, request, 'request', SymbolKind.Method, arrow(request))];
  let end = rangeOf(analysis, request).end;
  for (const response of exchange.responses) {
    children.push(leaf(analysis, response, 'response', SymbolKind.Method, arrow(response)));
    if (response.end > end.line) end = rangeOf(analysis, response).end;
  }
  return {
    name: nameText(requestLabel(request.event)),
    detail,
    kind: request.event.dir === 'c2s' ? SymbolKind.Function : SymbolKind.Interface,
    range: { start: rangeOf(analysis, request).start, end },
    selectionRange: rangeOf(analysis, request),
    ...(withChildren ? { children } : {}),
  };
}

function leaf(analysis: Analysis, item: Located, name: string, kind: SymbolKind, detail = ''): DocumentSymbol {
  const range = rangeOf(analysis, item);
  // Outline names come from the trace: hidden characters written out, like every name.
  return { name: nameText(name), detail: oneLine(detail), kind, range, selectionRange: range };
}

function arrow(item: Located): string {
  return item.event.dir === 'c2s' ? '→' : item.event.dir === 's2c' ? '←' : '';
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}
