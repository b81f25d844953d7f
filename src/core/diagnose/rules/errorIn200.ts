import type { Rule } from '../rule';
import { describeRequest, errorText } from '../describe';
import { httpOrigin } from '../http';

/**
 * A 2xx HTTP response whose body is a JSON-RPC error that does not carry the id of the
 * request it answers (null, missing, another id), or an error where a notification expected
 * 202. To HTTP the exchange succeeded; it is the failure of the message that was POSTed.
 */
export const errorIn200: Rule = {
  id: 'error-in-200',
  stage: 'envelope',
  severity: 'error',
  on: ['s2c-response', 's2c-line'],
  onEvent(e, ctx, report) {
    const origin = httpOrigin(e);
    if (!origin || origin.status < 200 || origin.status >= 300 || origin.requestSeq === undefined) return;
    const m = e.msg as { id?: unknown; error?: { code?: unknown; message?: unknown } } | undefined;
    const error = m?.error ?? (e.info?.rpcError as { code?: unknown; message?: unknown } | undefined);
    if (!error) return;
    const request = ctx.requestsBySeq.get(origin.requestSeq);
    const id = m?.id;
    if (request && id !== null && id !== undefined && JSON.stringify(id) === JSON.stringify(request.id)) return; // an ordinary error response
    const what = request ? describeRequest(request) : 'the notification';
    const idText = id === undefined ? 'no id' : `id ${JSON.stringify(id)}`;
    report({
      message: `${what} failed: the server answered HTTP ${origin.status} with the JSON-RPC error ${errorText(error)} (${idText}), which a client cannot match to the request`,
      evidence: [origin.requestSeq, e.seq],
      retry: false,
      hint: request
        ? `Answer with the request's id (${JSON.stringify(request.id)}) so the client can match the error; a tool that fails should return a result with isError: true, and a request the server refuses outright should get an HTTP error status (e.g. 400).`
        : 'A notification the server accepts gets "202 Accepted with no body"; one it cannot accept gets "an HTTP error status code (e.g., 400 Bad Request)".',
    });
  },
};
