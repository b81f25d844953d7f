/**
 * The wire shapes of the tasks extension of 2026-07-28 (SEP-2663, `io.modelcontextprotocol/tasks`)
 * that the official schema does not define: the rules that judge a task server read them here.
 */
export { declaresTasks, TASK_METHODS, TASKS_EXTENSION } from '../session/tasksModern';

/** "working", "input_required", "completed", "failed", "cancelled". */
export const TASK_STATUSES: ReadonlySet<string> = new Set(['working', 'input_required', 'completed', 'failed', 'cancelled']);

/** The Task fields an acknowledgement (tasks/update, tasks/cancel) must not carry. */
export const ENVELOPE_KEYS = ['taskId', 'status', 'result', 'error', 'inputRequests'] as const;

const RELATED_TASK = 'io.modelcontextprotocol/related-task';
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const positiveInteger = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v > 0;

/**
 * What is wrong with the Task fields of a CreateTaskResult ("Result & Task (flat)") or of a
 * DetailedTask (tasks/get, notifications/tasks): the names and units SEP-2663 gave them
 * (`ttlMs`, `pollIntervalMs`, integer milliseconds; the 2025-11-25 `ttl` and `pollInterval`
 * gone), ISO 8601 timestamps, and no `requestState` (not a Task field).
 */
export function taskFieldFaults(t: Record<string, unknown>, shape: 'CreateTaskResult' | 'DetailedTask'): string[] {
  if (shape === 'CreateTaskResult' && isObject(t.task) && t.taskId === undefined)
    return [
      'the task is nested under "task" (the 2025-11-25 shape); a CreateTaskResult is flat: taskId, status and the rest beside resultType',
    ];
  const faults: string[] = [];
  if (typeof t.taskId !== 'string') faults.push('no "taskId" string');
  if (typeof t.status !== 'string' || !TASK_STATUSES.has(t.status))
    faults.push(`"status" ${JSON.stringify(t.status)} is not working, input_required, completed, failed or cancelled`);
  for (const key of ['createdAt', 'lastUpdatedAt']) {
    if (typeof t[key] !== 'string' || !ISO_8601.test(t[key]))
      faults.push(`"${key}" ${JSON.stringify(t[key])} is not an ISO 8601 timestamp`);
  }
  if (!('ttlMs' in t)) faults.push('no "ttlMs" (integer milliseconds, or null for unlimited)');
  else if (t.ttlMs !== null && !positiveInteger(t.ttlMs))
    faults.push(`"ttlMs" ${JSON.stringify(t.ttlMs)} is neither null nor a positive integer`);
  if (t.pollIntervalMs !== undefined && !positiveInteger(t.pollIntervalMs))
    faults.push(`"pollIntervalMs" ${JSON.stringify(t.pollIntervalMs)} is not a positive integer`);
  if ('ttl' in t) faults.push('the 2025-11-25 key "ttl" (2026-07-28 names it "ttlMs")');
  if ('pollInterval' in t) faults.push('the 2025-11-25 key "pollInterval" (2026-07-28 names it "pollIntervalMs")');
  if ('requestState' in t) faults.push('"requestState", which is no Task field (it belongs to an InputRequiredResult)');
  if (shape === 'CreateTaskResult') {
    for (const key of ['result', 'error', 'inputRequests'])
      if (key in t) faults.push(`"${key}", which only tasks/get's DetailedTask carries`);
  }
  return faults;
}

/**
 * What a DetailedTask of its status lacks or must not have: a completed task inlines `result`
 * ("There is no separate tasks/result method"), without the 2025-11-25 related-task `_meta`; a
 * failed one inlines the JSON-RPC `error` and no result ("failed" is for protocol errors: a tool
 * that reported an error is "completed" with `result.isError`); an input_required one names its
 * `inputRequests`, each with its method.
 */
export function taskOutcomeFaults(t: Record<string, unknown>): string[] {
  const faults: string[] = [];
  if (t.status === 'completed') {
    if (!isObject(t.result))
      faults.push('it is "completed" without its "result" inlined (2026-07-28 has no tasks/result: the result comes with tasks/get)');
    else if (isObject(t.result._meta) && t.result._meta[RELATED_TASK] !== undefined)
      faults.push(`its inlined result carries the 2025-11-25 "_meta" key ${RELATED_TASK} (the taskId is already at the root)`);
  } else if (t.status === 'failed') {
    const error = t.error as { code?: unknown; message?: unknown } | undefined;
    if (!isObject(error) || typeof error.code !== 'number' || typeof error.message !== 'string')
      faults.push('it is "failed" without an inlined "error" {code, message}');
    if ('result' in t) {
      const isError = isObject(t.result) && t.result.isError === true;
      faults.push(
        isError
          ? 'it is "failed" with a tool result (isError): a tool that ran and reported an error is "completed" with result.isError; "failed" is for protocol errors'
          : 'it is "failed" and carries a "result"',
      );
    }
  } else if (t.status === 'input_required') {
    const asks = t.inputRequests;
    if (!isObject(asks) || Object.keys(asks).length === 0) faults.push('it is "input_required" without a non-empty "inputRequests" map');
    else
      for (const [key, ask] of Object.entries(asks))
        if (!isObject(ask) || typeof ask.method !== 'string') faults.push(`inputRequests["${key}"] has no "method"`);
  }
  return faults;
}

/** Findings already reported per trace (rule, task and faults); past this many the oldest are forgotten. */
const REPORTED_KEEP = 10_000;

/**
 * Whether this task's faults are new to the trace: a server polled every 100 ms repeats the same
 * fault on each answer, which is one finding, not one per poll.
 */
export function firstTimeFor(reported: Set<string>, taskId: unknown, faults: readonly string[]): boolean {
  const key = `${String(taskId)}\u0000${faults.join('\u0000')}`;
  if (reported.has(key)) return false;
  reported.add(key);
  if (reported.size > REPORTED_KEEP) reported.delete(reported.values().next().value as string);
  return true;
}
