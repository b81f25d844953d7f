import { isNotification } from '../../wire/message';
import { firstAnswer } from '../answer';
import { describeRequest } from '../describe';
import { isModernRequest } from '../modernResult';
import type { Rule } from '../rule';
import { firstTimeFor, taskOutcomeFaults } from '../taskShapes';

/**
 * SEP-2663 DetailedTask: "completed" inlines the original result (no tasks/result method),
 * "failed" inlines the JSON-RPC error and is "reserved for protocol-level errors" (a tool error
 * is "completed" with result.isError), "input_required" surfaces its inputRequests, and the
 * inlined result drops the 2025-11-25 related-task `_meta`. Read on tasks/get answers and on
 * notifications/tasks, which carry the same DetailedTask.
 */
export const taskOutcomeInvalid: Rule = {
  id: 'task-outcome-invalid',
  stage: 'envelope',
  severity: 'error',
  on: ['s2c-response', 's2c-notification'],
  notifications: ['notifications/tasks'],
  onEvent(e, ctx, report) {
    let task: Record<string, unknown> | undefined;
    let where: string;
    let evidence: number[];
    if (isNotification(e.msg)) {
      if (e.dir !== 's2c' || e.msg.method !== 'notifications/tasks') return;
      task = e.msg.params;
      where = 'notifications/tasks';
      evidence = [e.seq];
    } else {
      const answer = firstAnswer(e, ctx);
      if (answer?.request.method !== 'tasks/get' || !isModernRequest(answer.request)) return;
      task = answer.response.result;
      where = `the answer to ${describeRequest(answer.request)}`;
      evidence = [e.seq, answer.request.seq];
    }
    if (!task) return;
    const faults = taskOutcomeFaults(task);
    if (
      faults.length === 0 ||
      !firstTimeFor(
        ctx.stateOf('task-outcome-invalid', () => new Set<string>()),
        task.taskId,
        faults,
      )
    )
      return;
    report({
      message: `Task ${JSON.stringify(task.taskId)} in ${where}: ${faults.join('; ')}`,
      evidence,
      hint: 'Inline the tool result on a completed task (result.isError for a tool error), the JSON-RPC error {code, message} on a failed one (protocol errors only), and the pending inputRequests on an input_required one (SEP-2663 DetailedTask).',
    });
  },
};
