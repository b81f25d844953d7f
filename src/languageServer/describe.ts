import type { TraceEvent } from '../core/trace/event';
import { isNotification, isRequest, isResponse } from '../core/wire/message';
import type { Exchange } from './exchanges';
import { ERROR_CODES } from './errorCodes';

const DIRECTIONS: Record<string, string> = {
  c2s: 'client → server',
  s2c: 'server → client',
  stderr: 'server stderr',
  meta: 'lifecycle',
};

export function direction(event: TraceEvent): string {
  return DIRECTIONS[event.dir] ?? event.dir;
}

/** A short name for an event: `request tools/call #3`, `stray stdout`, `exited`. */
export function summary(event: TraceEvent): string {
  const msg = event.msg;
  if (isRequest(msg)) return `request ${msg.method} #${msg.id}`;
  if (isResponse(msg)) return `response #${msg.id}`;
  if (isNotification(msg)) return `notification ${msg.method}`;
  if (event.dir === 'stderr') return 'stderr line';
  if (event.dir === 'meta') return `${event.kind ?? 'lifecycle'} event`;
  if (event.kind === 'not-jsonrpc') return 'JSON that is not JSON-RPC';
  if (event.kind === 'partial') return 'partial line';
  if (event.kind === 'oversize') return 'oversize line';
  return 'stray stdout';
}

/** What a request's name is in an outline: the method, plus the tool, prompt or resource it names. */
export function requestLabel(event: TraceEvent): string {
  const msg = event.msg;
  if (!isRequest(msg)) return summary(event);
  const params = msg.params ?? {};
  const target = params.name ?? params.uri;
  return typeof target === 'string' ? `${msg.method} ${target}` : msg.method;
}

export function latency(exchange: Exchange): number | undefined {
  const response = exchange.responses[0];
  if (response === undefined) return undefined;
  const ms = response.event.t - exchange.request.event.t;
  return exchange.request.event.t > 0 && ms >= 0 ? ms : undefined;
}

export function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

/** ✓, the protocol error, `isError`, or no response. */
export function outcome(exchange: Exchange): string {
  const response = exchange.responses[0]?.event.msg;
  if (!isResponse(response)) return 'no response';
  if (response.error) {
    const name = ERROR_CODES.get(response.error.code)?.name;
    return `✗ ${response.error.code}${name ? ` ${name}` : ''}`;
  }
  if (response.result && (response.result as Record<string, unknown>).isError === true) return '✗ isError';
  return '✓';
}
