import { taskOf, TERMINAL_STATUSES } from '../../session/tasks';
import { isNotification, isResponse } from '../../wire/message';
import type { Rule } from '../rule';

interface Seen {
  status: string;
  seq: number;
  /** Found once per task: the terminal report stays the one later reports are held to. */
  reported?: boolean;
}

/** Tasks remembered per trace; past this the oldest are forgotten (no finding for them). */
const TASKS_KEEP = 10_000;

/**
 * A task's status as the server reports it (a CreateTaskResult, a tasks/get answer, a status
 * notification), in either generation: the 2025-11-25 Task nested under `task` or flat, the
 * 2026-07-28 DetailedTask flat.
 */
function reportedTask(e: Parameters<NonNullable<Rule['onEvent']>>[0]): { taskId: string; status: string } | undefined {
  const msg = e.msg;
  if (isResponse(msg) && msg.result && typeof msg.result === 'object') {
    const result = msg.result as Record<string, unknown>;
    return taskOf(result.task) ?? taskOf(result);
  }
  if (isNotification(msg) && (msg.method === 'notifications/tasks/status' || msg.method === 'notifications/tasks'))
    return taskOf(msg.params);
  return undefined;
}

/**
 * "completed", "failed" and "cancelled" are terminal statuses: the task lifecycle of 2025-11-25
 * (Tasks, status lifecycle) lets a task in one of them transition to no other status, and
 * SEP-2663 keeps that lifecycle.
 * A server that reports a terminal task as working again (or as another terminal status) leaves
 * the requestor with two outcomes for one call: whichever it read first is what it acted on.
 */
export const taskStatusRegressed: Rule = {
  id: 'task-status-regressed',
  stage: 'flow',
  severity: 'error',
  on: ['s2c-response', 's2c-notification'],
  notifications: ['notifications/tasks/status', 'notifications/tasks'],
  onEvent(e, ctx, report) {
    const task = reportedTask(e);
    if (!task) return;
    const seen = ctx.stateOf('task-status-regressed', () => new Map<string, Seen>());
    const before = seen.get(task.taskId);
    seen.delete(task.taskId);
    seen.set(task.taskId, { status: task.status, seq: e.seq });
    if (seen.size > TASKS_KEEP) seen.delete(seen.keys().next().value as string);
    if (!before || !TERMINAL_STATUSES.has(before.status) || before.status === task.status) return;
    seen.set(task.taskId, { ...before, reported: true });
    if (before.reported) return;
    report({
      message: `Task ${JSON.stringify(task.taskId)} was reported "${task.status}" after it had reached the terminal status "${before.status}"`,
      evidence: [before.seq, e.seq],
      hint: 'Once a task is completed, failed or cancelled, keep answering tasks/get (and notifying) with that status and its outcome: a terminal task never changes again.',
    });
  },
};
