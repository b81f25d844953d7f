import { onFirstAnswer } from '../answer';
import { describeRequest } from '../describe';
import { isModernRequest } from '../modernResult';
import type { Rule } from '../rule';
import { firstTimeFor, taskFieldFaults } from '../taskShapes';

/**
 * SEP-2663 (tasks extension, 2026-07-28) wire fields: a CreateTaskResult is "Result & Task
 * (flat)"; a Task carries `ttlMs` ("integer milliseconds, null for unlimited"), `pollIntervalMs`
 * when given, ISO 8601 `createdAt` and `lastUpdatedAt`, and no `requestState`; tasks/get answers
 * with resultType "complete". The suite's tasks-lifecycle, tasks-wire-fields,
 * tasks-request-state-removal and tasks-mrtr-composition check the same.
 */
export const taskEnvelopeInvalid: Rule = {
  id: 'task-envelope-invalid',
  stage: 'envelope',
  severity: 'error',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, ctx, report) => {
    const result = msg.result;
    // 2025-11-25 tasks (no _meta version) have their own shapes: the official schema judges them.
    if (!result || !isModernRequest(r)) return;
    let faults: string[];
    let shape: string;
    if (result.resultType === 'task') {
      shape = 'CreateTaskResult';
      faults = taskFieldFaults(result, 'CreateTaskResult');
    } else if (r.method === 'tasks/get') {
      shape = 'DetailedTask';
      faults = taskFieldFaults(result, 'DetailedTask');
      if (result.resultType !== undefined && result.resultType !== 'complete')
        faults.push(`resultType ${JSON.stringify(result.resultType)} (a GetTaskResult's is "complete")`);
    } else return;
    if (
      faults.length === 0 ||
      !firstTimeFor(
        ctx.stateOf('task-envelope-invalid', () => new Set<string>()),
        `${shape} ${String(result.taskId)}`,
        faults,
      )
    )
      return;
    report({
      message: `The ${shape} answering ${describeRequest(r)} breaks the tasks extension's wire fields: ${faults.join('; ')}`,
      evidence: [e.seq, r.seq],
      hint: 'Send the Task flat with taskId, status, createdAt and lastUpdatedAt (ISO 8601), ttlMs (integer ms or null) and pollIntervalMs (integer ms); drop ttl, pollInterval and requestState (SEP-2663, io.modelcontextprotocol/tasks).',
    });
  }),
};
