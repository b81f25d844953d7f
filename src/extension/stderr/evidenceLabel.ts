import type { TraceEvent } from '../../core/trace/event';
import { idOf, methodOf } from '../messages/nodes';

const QUOTE_CHARS = 40;

/**
 * An evidence link named as a person thinks of the message — "initialize result",
 * "tools/call request", stray stdout "debugging 5" — the panel adds its sequence number.
 * `exchangeMethod` is the method of the request a response answers.
 */
export function evidenceLabel(e: TraceEvent, exchangeMethod?: string): string {
  if (e.dir === 'stderr') return `stderr ${quote(e.raw)}`;
  if (e.dir === 'meta') return e.kind ?? 'event';
  if (!e.msg) return `stray stdout ${quote(e.raw)}`;
  if (e.kind === 'response') {
    const failed = (e.msg as { error?: unknown }).error !== undefined;
    return `${exchangeMethod ?? `response to #${String(idOf(e))}`} ${failed ? 'error' : 'result'}`;
  }
  const method = methodOf(e) ?? 'message';
  return e.kind === 'request' ? `${method} request` : method;
}

/** The line's start, quoted: enough to recognise it; the link opens all of it. */
function quote(text: string): string {
  const chars = [...text.trim()];
  return JSON.stringify(chars.length > QUOTE_CHARS ? `${chars.slice(0, QUOTE_CHARS).join('')}…` : chars.join(''));
}
