import type { TraceEvent } from '../trace/event';
import { isResponse, type JsonRpcResponse } from '../wire/message';
import type { DiagnoseContext, RequestRecord } from './context';

/**
 * The client request a server response answers, when this is its first answer. Rules see the
 * context as it was before the event, so `responseSeq` is still unset here; a second answer
 * is duplicate-response's business, not theirs.
 */
export function firstAnswer(e: TraceEvent, ctx: DiagnoseContext): { request: RequestRecord; response: JsonRpcResponse } | undefined {
  if (e.dir !== 's2c' || !isResponse(e.msg) || e.msg.id === null) return undefined;
  const request = ctx.requestFor(e.msg.id);
  if (!request || request.responseSeq !== undefined) return undefined;
  return { request, response: e.msg };
}
