import { isRecord } from '../schema/isRecord';
import { errorCodeOf, evidence, exchange } from './exchange';
import { recordVerdict, type ProbeContext } from './probe';

/** A task id no server has minted, and a cursor no server has handed out. */
export const UNKNOWN_TASK = 'mcp-lens-probe-nonexistent-task';
const UNKNOWN_CURSOR = 'mcp-lens-probe-unknown-cursor';
const INVALID_PARAMS = -32602;

/** 2025-11-25 tasks (experimental): "Servers and clients that support task-augmented requests MUST declare a `tasks` capability". */
export function declaresLegacyTasks(capabilities: Record<string, unknown> | undefined): boolean {
  return isRecord(capabilities?.tasks);
}

/**
 * The 2025-11-25 tasks' protocol errors, asked without creating a task: "Receivers MUST return
 * standard JSON-RPC errors for … Invalid or nonexistent `taskId` in `tasks/get`, `tasks/result`,
 * or `tasks/cancel`: -32602 (Invalid params); Invalid or nonexistent cursor in `tasks/list`:
 * -32602". tasks/cancel and tasks/list only where the server declares them
 * (`capabilities.tasks.cancel`, `capabilities.tasks.list`).
 */
export async function probeLegacyTasks(ctx: ProbeContext): Promise<void> {
  const tasks = ctx.info.capabilities?.tasks as Record<string, unknown>;
  const asks: [method: string, params: Record<string, unknown>, what: string][] = [
    ['tasks/get', { taskId: UNKNOWN_TASK }, `the unknown taskId "${UNKNOWN_TASK}"`],
    ['tasks/result', { taskId: UNKNOWN_TASK }, `the unknown taskId "${UNKNOWN_TASK}"`],
  ];
  if (isRecord(tasks.cancel)) asks.push(['tasks/cancel', { taskId: UNKNOWN_TASK }, `the unknown taskId "${UNKNOWN_TASK}"`]);
  if (isRecord(tasks.list)) asks.push(['tasks/list', { cursor: UNKNOWN_CURSOR }, `the cursor "${UNKNOWN_CURSOR}" it never handed out`]);
  for (const [method, params, what] of asks) {
    const answer = await exchange(ctx, method, params);
    const code = errorCodeOf(answer);
    if (code === INVALID_PARAMS) continue;
    recordVerdict(ctx.client.trace, 'tasks', {
      rule: 'task-request-mishandled',
      message: `${method} for ${what} was answered with ${code === undefined ? 'a result' : `error ${code}`}; the 2025-11-25 tasks spec asks for -32602`,
      hint: `Look the ${method === 'tasks/list' ? 'cursor' : 'taskId'} up before anything else and answer one the server does not know (never minted, or expired) with -32602 (Invalid params).`,
      evidence: evidence(answer.responseSeq, answer.requestSeq),
    });
  }
}
