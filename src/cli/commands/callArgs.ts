import { ANSWER_OPTIONS, parseAnswerFlags, type AnswerFlags } from '../answerFlags';
import type { CommandSpec } from '../cliParser';
import { toolArguments } from '../flagValues';
import { requireServer } from '../serverTarget';
import { SESSION_OPTIONS, sessionFlags, type SessionFlags } from '../sessionFlags';
import { ELICIT, REPORT_TAIL } from '../usageBlocks';
import { UsageError } from '../usageError';

/** `mcp-lens call`: its arguments, options and usage. */

export interface CallArgs extends AnswerFlags, SessionFlags {
  name: 'call';
  tool: string;
  toolArgs: Record<string, unknown>;
  /** Run as a task (2025-11-25 `task` param, or the 2026-07-28 tasks extension), polled to its result. */
  task: boolean;
}

export const CALL_COMMAND: CommandSpec<CallArgs> = {
  usage: `Usage: mcp-lens call TOOL [--args JSON] [--task] [--elicit ANSWER]… [--json] [--timeout MS] [--fail-on LEVEL] SERVER

Call one tool and print its result on stdout (progress on stderr). An isError result
(the tool ran and failed) and a JSON-RPC error (the request never reached the tool)
are told apart; both exit 1 whatever --fail-on says.

  --args JSON      the tool's arguments, a JSON object (default {})
  --task           run it as a task, print each status on stderr. 2025-11-25 servers
                   that declare tasks: poll tasks/get, fetch tasks/result (a tool whose
                   execution.taskSupport is "required" always runs as one, one
                   without taskSupport is not called). 2026-07-28
                   servers that advertise io.modelcontextprotocol/tasks: declare the
                   extension, poll tasks/get to its inlined result, answer input with
                   tasks/update
${ELICIT}
${REPORT_TAIL}`,
  options: { args: { type: 'string' }, task: { type: 'boolean' }, ...SESSION_OPTIONS, ...ANSWER_OPTIONS },
  build: ({ values, positionals, server }) => {
    const [tool, ...more] = positionals;
    if (tool === undefined || tool === '') throw new UsageError('call: missing the tool name (mcp-lens call TOOL --args JSON -- CMD)');
    requireServer(values, server, 'call: missing -- before the server command');
    return {
      name: 'call',
      tool,
      toolArgs: toolArguments(values.args as string | undefined),
      task: values.task === true,
      ...parseAnswerFlags('call', values),
      ...sessionFlags('call', values, server, more),
    };
  },
};
