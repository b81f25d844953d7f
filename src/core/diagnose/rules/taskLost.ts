import { isResponse } from '../../wire/message';
import { firstAnswer } from '../answer';
import { describeRequest } from '../describe';
import { isModernRequest } from '../modernResult';
import type { Rule } from '../rule';
import { TASK_METHODS } from '../taskShapes';

interface Created {
  seq: number;
  t: number;
  ttlMs: number | null;
}

/** Tasks remembered per trace; past this the oldest are forgotten (no finding for them). */
const TASKS_KEEP = 10_000;

/**
 * SEP-2663: a server "MUST NOT return CreateTaskResult until the task is durably created" (a
 * tasks/get right after it resolves) and "MUST NOT expire it earlier" than its ttlMs. A tasks/get,
 * tasks/update or tasks/cancel naming a task this server created, answered -32602 (unknown
 * taskId) within that task's ttlMs, is a lost task.
 */
export const taskLost: Rule = {
  id: 'task-lost',
  stage: 'flow',
  severity: 'error',
  on: ['s2c-response'],
  onEvent(e, ctx, report) {
    const answer = firstAnswer(e, ctx);
    if (!answer || !isResponse(e.msg) || !isModernRequest(answer.request)) return;
    const { request: r, response: msg } = answer;
    const created = ctx.stateOf('task-lost', () => new Map<string, Created>());
    const result = msg.result;
    if (result?.resultType === 'task' && typeof result.taskId === 'string') {
      created.set(result.taskId, { seq: e.seq, t: e.t, ttlMs: typeof result.ttlMs === 'number' ? result.ttlMs : null });
      if (created.size > TASKS_KEEP) created.delete(created.keys().next().value as string);
      return;
    }
    if (!TASK_METHODS.has(r.method) || msg.error?.code !== -32602) return;
    const taskId = r.params?.taskId;
    const task = typeof taskId === 'string' ? created.get(taskId) : undefined;
    if (!task) return;
    const age = Math.max(0, Math.round(e.t - task.t));
    if (task.ttlMs !== null && age > task.ttlMs) return;
    report({
      message: `${describeRequest(r)} was answered -32602 for task ${JSON.stringify(taskId)}, which the server created ${age} ms earlier (ttlMs ${task.ttlMs === null ? 'null, unlimited' : task.ttlMs})`,
      evidence: [e.seq, task.seq, r.seq],
      hint: 'Store the task before returning its CreateTaskResult, and keep it answering tasks/get for its whole ttlMs (SEP-2663: durable create, no early expiry).',
    });
  },
};
