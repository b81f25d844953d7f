import type { Location, Position } from 'vscode-languageserver';
import { isNotification, isRequest, isResponse } from '../core/wire/message';
import type { Analysis } from './analysis';
import { rangeOf } from './diagnostics';
import type { Located } from './located';

/**
 * From a response to the request it answers, from a request to its response(s), and from
 * `notifications/cancelled` to the request it cancels.
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
      const cancelled = requestBefore(analysis, item, id);
      if (cancelled) targets = [cancelled];
    }
  }
  if (targets.length === 0) return null;
  return targets.map((target) => ({ uri, range: rangeOf(analysis, target) }));
}

function requestBefore(analysis: Analysis, notification: Located, id: string | number): Located | undefined {
  let found: Located | undefined;
  for (const exchange of analysis.exchanges.list) {
    if (exchange.request.start >= notification.start) break;
    const msg = exchange.request.event.msg;
    if (isRequest(msg) && msg.id === id && exchange.request.event.dir === notification.event.dir) found = exchange.request;
  }
  return found;
}
