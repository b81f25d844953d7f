import type { RequestId } from '../core/wire/message';
import { isRequest, isResponse } from '../core/wire/message';
import type { Located } from './located';

/** A request and the response(s) that carry its id back (more than one is a duplicate-response fault). */
export interface Exchange {
  request: Located;
  responses: Located[];
}

export interface Exchanges {
  list: Exchange[];
  /** The exchange a request or response belongs to. */
  of: Map<Located, Exchange>;
  /** The last request with this id sent in this direction before a line (ids may be reused). */
  requestBefore(line: number, dir: 'c2s' | 's2c', id: RequestId): Exchange | undefined;
}

/**
 * Pairs requests and responses "by id, never by order": a response travels the opposite way
 * of its request. An id reused after its answer starts a new exchange.
 */
export function pairExchanges(located: readonly Located[]): Exchanges {
  const list: Exchange[] = [];
  const of = new Map<Located, Exchange>();
  const open = new Map<string, Exchange>();
  for (const item of located) {
    const { msg, dir } = item.event;
    if (dir !== 'c2s' && dir !== 's2c') continue;
    if (isRequest(msg)) {
      const exchange: Exchange = { request: item, responses: [] };
      list.push(exchange);
      of.set(item, exchange);
      open.set(key(dir, msg.id), exchange);
    } else if (isResponse(msg) && msg.id !== null) {
      const exchange = open.get(key(dir === 'c2s' ? 's2c' : 'c2s', msg.id));
      if (exchange === undefined) continue;
      exchange.responses.push(item);
      of.set(item, exchange);
    }
  }
  const requestBefore = (line: number, dir: 'c2s' | 's2c', id: RequestId) => {
    // Requests are in line order: find the first at or after the line, then walk back.
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (list[mid].request.start < line) low = mid + 1;
      else high = mid;
    }
    for (let i = low - 1; i >= 0; i--) {
      const request = list[i].request;
      if (request.event.dir === dir && (request.event.msg as { id: RequestId }).id === id) return list[i];
    }
    return undefined;
  };
  return { list, of, requestBefore };
}

function key(dir: string, id: RequestId): string {
  return `${dir}:${typeof id}:${id}`;
}
