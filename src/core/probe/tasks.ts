import type { RequestOptions } from '../session/client';
import { serverAdvertisesTasks, TASKS_DECLARATION, TASKS_EXTENSION } from '../session/tasksModern';
import { evidence, exchange, type Exchange } from './exchange';
import { recordVerdict, type Probe } from './probe';

/** A task id no server has minted. */
const UNKNOWN_TASK = 'mcp-lens-probe-nonexistent-task';
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
  title: 'the tasks extension refuses what 2026-07-28 removed, unknown tasks and undeclared requests',
  skip(ctx) {
    if (ctx.info.era !== 'modern') return `${ctx.info.protocolVersion} has no tasks extension (2026-07-28 and later)`;
    if (!serverAdvertisesTasks(ctx.info.capabilities)) return `the server does not advertise ${TASKS_EXTENSION}`;
    return undefined;
  },
  async run(ctx) {
    const expect = async (method: string, params: Record<string, unknown>, code: number, opts: RequestOptions | undefined, why: string, hint: string) => {
      const answer = await exchange(ctx, method, params, opts);
      const got = answeredWith(answer);
      if (got === code) return;
      recordVerdict(ctx.client.trace, 'tasks', {
        rule: 'task-request-mishandled',
        message: `${method} ${why} was answered with ${got === undefined ? 'a result' : `error ${got}`}; SEP-2663 asks for ${code}`,
        hint,
        evidence: evidence(answer.responseSeq, answer.requestSeq),
      });
    };
    for (const method of ['tasks/result', 'tasks/list']) {
      await expect(method, method === 'tasks/list' ? {} : { taskId: UNKNOWN_TASK }, METHOD_NOT_FOUND, declared, '(a 2025-11-25 method the extension removed)', `Remove ${method}: in 2026-07-28 the result is inlined on tasks/get and there is no task listing; answer it with -32601 (Method not found).`);
    }
    await expect('tasks/get', { taskId: UNKNOWN_TASK }, INVALID_PARAMS, declared, `for the unknown taskId "${UNKNOWN_TASK}"`, 'Answer a taskId the server does not know with -32602 (Invalid Params).');
    await expect(
      'tasks/get',
      { taskId: UNKNOWN_TASK },
      MISSING_CAPABILITY,
      undefined,
      `from a request that did not declare ${TASKS_EXTENSION}`,
      `Refuse tasks/get, tasks/update and tasks/cancel with -32021 and data.requiredCapabilities.extensions["${TASKS_EXTENSION}"] when the request's _meta clientCapabilities lack the extension (capabilities are declared per request).`,
    );
  },
};

function answeredWith(answer: Exchange): number | undefined {
  return 'error' in answer ? answer.error.code : undefined;
}
