import type { TraceEvent } from '../trace/event';
import { isResponse, type JsonRpcResponse } from '../wire/message';
import type { DiagnoseContext, RequestRecord } from './context';
import type { Report, Rule } from './rule';

export interface Answer {
  request: RequestRecord;
  response: JsonRpcResponse;
}

/**
 * The client request a server response answers, when this is its first answer. Rules see the
 * context as it was before the event, so `responseSeq` is still unset here; a second answer
 * is duplicate-response's business, not theirs.
 */
export function firstAnswer(e: TraceEvent, ctx: DiagnoseContext): Answer | undefined {
  if (e.dir !== 's2c' || !isResponse(e.msg) || e.msg.id === null) return undefined;
  const request = ctx.requestFor(e.msg.id);
  if (!request || request.responseSeq !== undefined) return undefined;
  return { request, response: e.msg };
}

/** A rule's `onEvent` that looks only at first answers to the client's requests. */
export function onFirstAnswer(
  handle: (answer: Answer, e: TraceEvent, ctx: DiagnoseContext, report: Report) => void,
): NonNullable<Rule['onEvent']> {
  return (e, ctx, report) => {
    const answer = firstAnswer(e, ctx);
    if (answer) handle(answer, e, ctx, report);
  };
}
