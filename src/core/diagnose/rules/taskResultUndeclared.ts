import { onFirstAnswer } from '../answer';
import { describeRequest } from '../describe';
import type { Rule } from '../rule';
import { declaresTasks, TASKS_EXTENSION } from '../taskShapes';

/**
 * SEP-2663: the client "signals support by including the extension in its per-request
 * capabilities"; to a request that did not, a server MUST NOT return a CreateTaskResult (a
 * task-supporting tool runs synchronously; one that can only run as a task is refused with
 * -32021 naming the extension).
 */
export const taskResultUndeclared: Rule = {
  id: 'task-result-undeclared',
  stage: 'negotiation',
  severity: 'error',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, _ctx, report) => {
    if (msg.result?.resultType !== 'task' || declaresTasks(r.params)) return;
    report({
      message: `${describeRequest(r)} was answered with a CreateTaskResult (resultType "task"), but the request did not declare ${TASKS_EXTENSION} in its _meta clientCapabilities`,
      evidence: [e.seq, r.seq],
      hint: `Create tasks only for requests whose _meta clientCapabilities.extensions names ${TASKS_EXTENSION}; otherwise run the tool synchronously, or refuse with -32021 and data.requiredCapabilities.extensions["${TASKS_EXTENSION}"].`,
    });
  }),
};
