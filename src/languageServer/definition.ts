import type { Location, Position } from 'vscode-languageserver';
import { isNotification, isRequest, isResponse } from '../core/wire/message';
import type { Analysis } from './analysis';
import { rangeOf } from './diagnostics';
import type { Located } from './located';

/**
 * From a response to the request it answers, from a request to its response(s), and from
 * `notifications/cancelled` or a timeout/cancelled lifecycle event to the request it names.
 */
export function definition(analysis: Analysis, uri: string, position: Position): Location[] | null {
  const item = analysis.at(position.line);
  if (!item) return null;
  const msg = item.event.msg;
  const exchange = analysis.exchanges.of.get(item);
  let targets: Located[] = [];
  if (exchange && isResponse(msg)) targets = [exchange.request];
  else if (exchange && isRequest(msg)) targets = exchange.responses;
  else if (isNotification(msg) && msg.method === 'notifications/cancelled') {
    const id = msg.params?.requestId;
    if (typeof id === 'string' || typeof id === 'number') {
      // The cancelled request travelled the same way as the notification.
      const cancelled = analysis.exchanges.requestBefore(item.start, item.event.dir === 's2c' ? 's2c' : 'c2s', id);
      if (cancelled) targets = [cancelled.request];
    }
  } else if (item.event.dir === 'meta' && (item.event.kind === 'timeout' || item.event.kind === 'cancelled')) {
    const id = item.event.info?.id;
    const named = typeof id === 'string' || typeof id === 'number' ? analysis.exchanges.requestBefore(item.start, 'c2s', id) : undefined;
    if (named) targets = [named.request];
  }
  if (targets.length === 0) return null;
  return targets.map((target) => ({ uri, range: rangeOf(analysis, target) }));
}
