import { onFirstAnswer } from '../answer';
import { describeRequest } from '../describe';
import type { Rule } from '../rule';
import { TASKS_EXTENSION } from '../taskShapes';

/**
 * SEP-2663: "The server MUST advertise io.modelcontextprotocol/tasks under
 * capabilities.extensions"; the 2025-11-25 `tasks` capability (tasks.requests, tasks.cancel,
 * tasks.list) is not part of the extension, and servers "MUST NOT continue to advertise the
 * legacy capabilities under any protocol version that includes this extension".
 */
export const tasksCapabilityInvalid: Rule = {
  id: 'tasks-capability-invalid',
  stage: 'negotiation',
  severity: 'error',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, ctx, report) => {
    if (r.method === 'server/discover') {
      const caps = msg.result?.capabilities as Record<string, unknown> | undefined;
      if (!Array.isArray(msg.result?.supportedVersions) || caps?.tasks === undefined) return;
      report({
        message: `The DiscoverResult advertises the 2025-11-25 "tasks" capability ${JSON.stringify(caps.tasks).slice(0, 120)}; 2026-07-28 servers advertise tasks only as the extension ${TASKS_EXTENSION}`,
        evidence: [e.seq],
        hint: `Remove capabilities.tasks and advertise capabilities.extensions["${TASKS_EXTENSION}"]: {} instead.`,
      });
      return;
    }
    if (msg.result?.resultType !== 'task' || ctx.era !== 'modern' || !ctx.capabilities) return;
    const extensions = ctx.capabilities.extensions as Record<string, unknown> | undefined;
    if (typeof extensions?.[TASKS_EXTENSION] === 'object' && extensions[TASKS_EXTENSION] !== null) return;
    report({
      message: `${describeRequest(r)} created a task, but the server does not advertise ${TASKS_EXTENSION} under capabilities.extensions`,
      evidence: [e.seq, ...(ctx.capabilitiesSeq !== undefined ? [ctx.capabilitiesSeq] : [])],
      hint: `Advertise capabilities.extensions["${TASKS_EXTENSION}"]: {} in server/discover.`,
    });
  }),
};
