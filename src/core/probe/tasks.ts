import type { RequestOptions } from '../session/client';
import { serverAdvertisesTasks, TASKS_DECLARATION, TASKS_EXTENSION } from '../session/tasksModern';
import { errorCodeOf, evidence, exchange } from './exchange';
import { declaresLegacyTasks, probeLegacyTasks, UNKNOWN_TASK } from './legacyTasks';
import { probeExchange } from './http/exchange';
import { modernPostHeaders, probeMeta } from './http/probeSession';
import { probeRequestId } from './requestId';
import { recordVerdict, type Probe, type ProbeContext } from './probe';

const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const MISSING_CAPABILITY = -32021;
const declared: RequestOptions = { extensions: TASKS_DECLARATION };

/**
 * The tasks extension (SEP-2663) asked what a host never asks in normal use, without creating a
 * task: "tasks/result is removed; clients calling it MUST receive -32601", so is tasks/list; a
 * tasks/get for an unknown taskId is -32602; a tasks/get from a request that did not declare the
 * extension is refused with -32021 (Missing Required Client Capability).
 */
export const tasksProbe: Probe = {
  id: 'tasks',
  title: 'tasks refuse unknown task ids and cursors; the 2026-07-28 extension also what it removed and undeclared requests',
  skip(ctx) {
    if (ctx.info.era !== 'modern') {
      // 2025-11-25 brought tasks (experimental) into the base protocol; 2026-07-28 moved them to the extension.
      if (ctx.info.protocolVersion < '2025-11-25') return `${ctx.info.protocolVersion} has no tasks (2025-11-25 and later)`;
      if (!declaresLegacyTasks(ctx.info.capabilities)) return 'the server does not declare the tasks capability';
      return undefined;
    }
    if (!serverAdvertisesTasks(ctx.info.capabilities)) return `the server does not advertise ${TASKS_EXTENSION}`;
    return undefined;
  },
  async run(ctx) {
    if (ctx.info.era !== 'modern') return probeLegacyTasks(ctx);
    const expect = async (
      method: string,
      params: Record<string, unknown>,
      code: number,
      opts: RequestOptions | undefined,
      why: string,
      hint: string,
    ) => {
      const answer = await exchange(ctx, method, params, opts);
      const got = errorCodeOf(answer);
      if (got === code) return;
      recordVerdict(ctx.client.trace, 'tasks', {
        rule: 'task-request-mishandled',
        message: `${method} ${why} was answered with ${got === undefined ? 'a result' : `error ${got}`}; SEP-2663 asks for ${code}`,
        hint,
        evidence: evidence(answer.responseSeq, answer.requestSeq),
      });
    };
    for (const method of ['tasks/result', 'tasks/list']) {
      await expect(
        method,
        method === 'tasks/list' ? {} : { taskId: UNKNOWN_TASK },
        METHOD_NOT_FOUND,
        declared,
        '(a 2025-11-25 method the extension removed)',
        `Remove ${method}: in 2026-07-28 the result is inlined on tasks/get and there is no task listing; answer it with -32601 (Method not found).`,
      );
    }
    await expect(
      'tasks/get',
      { taskId: UNKNOWN_TASK },
      INVALID_PARAMS,
      declared,
      `for the unknown taskId "${UNKNOWN_TASK}"`,
      'Answer a taskId the server does not know with -32602 (Invalid Params).',
    );
    await expect(
      'tasks/get',
      { taskId: UNKNOWN_TASK },
      MISSING_CAPABILITY,
      undefined,
      `from a request that did not declare ${TASKS_EXTENSION}`,
      `Refuse tasks/get, tasks/update and tasks/cancel with -32021 and data.requiredCapabilities.extensions["${TASKS_EXTENSION}"] when the request's _meta clientCapabilities lack the extension (capabilities are declared per request).`,
    );
    if (ctx.http) await mismatchedName(ctx);
  },
};

/**
 * Streamable HTTP: "tasks/get, tasks/update, and tasks/cancel MUST carry Mcp-Name: <taskId>"
 * (SEP-2663, routing headers), and a server that reads the body MUST reject a header that does
 * not match it with HTTP 400 and -32020 (HeaderMismatch, SEP-2243). Sent raw: the client itself
 * never sends a mismatched header.
 */
async function mismatchedName(ctx: ProbeContext): Promise<void> {
  const version = ctx.info.protocolVersion;
  const msg = {
    jsonrpc: '2.0' as const,
    id: probeRequestId('tasks'),
    method: 'tasks/get',
    params: {
      taskId: UNKNOWN_TASK,
      _meta: probeMeta(version, { extensions: TASKS_DECLARATION }),
    },
  };
  const wrong = `${UNKNOWN_TASK}-other`;
  const headers = { ...modernPostHeaders(ctx, msg, version), 'Mcp-Name': wrong };
  const answer = await probeExchange(ctx, 'tasks', ctx.http!.url, { method: 'POST', headers, body: JSON.stringify(msg) });
  if (answer.status === undefined || answer.status === 400) return;
  recordVerdict(ctx.client.trace, 'tasks', {
    rule: 'task-request-mishandled',
    message: `tasks/get with Mcp-Name "${wrong}" for params.taskId "${UNKNOWN_TASK}" was answered HTTP ${answer.status}; a header that does not match the body MUST be rejected with HTTP 400 and -32020 (HeaderMismatch)`,
    hint: 'Compare Mcp-Name with params.taskId on tasks/get, tasks/update and tasks/cancel (and Mcp-Method with the method) before dispatching; answer a mismatch with HTTP 400 and JSON-RPC error -32020.',
    evidence: [answer.seq],
  });
}
