import { ANSWER_OPTIONS, parseAnswerFlags, type AnswerFlags } from '../answerFlags';
import type { CommandSpec } from '../cliParser';
import { pairs, toolArguments } from '../flagValues';
import { requireServer } from '../serverTarget';
import { SESSION_OPTIONS, sessionFlags, type SessionFlags } from '../sessionFlags';
import { ELICIT, REPORT_TAIL } from '../usageBlocks';
import { UsageError } from '../usageError';

/** `mcp-lens prompt`: its arguments, options and usage. */

export interface PromptArgs extends AnswerFlags, SessionFlags {
  name: 'prompt';
  prompt: string;
  promptArgs: Record<string, unknown>;
}

export const PROMPT_COMMAND: CommandSpec<PromptArgs> = {
  usage: `Usage: mcp-lens prompt NAME [--args JSON] [--arg NAME=VALUE]… [--elicit ANSWER]… [--json] [--timeout MS] [--fail-on LEVEL] SERVER

Get one prompt (prompts/get) and print each of its messages under its role.

  --args JSON      the prompt's arguments, a JSON object of strings (default {})
  --arg NAME=VALUE one argument (repeatable; over --args)
${ELICIT}
${REPORT_TAIL}`,
  options: { args: { type: 'string' }, arg: { type: 'string', multiple: true }, ...SESSION_OPTIONS, ...ANSWER_OPTIONS },
  build: ({ values, positionals, server }) => {
    const [prompt, ...more] = positionals;
    if (prompt === undefined || prompt === '')
      throw new UsageError('prompt: missing the prompt name (mcp-lens prompt NAME --args JSON --url URL)');
    requireServer(values, server, 'prompt: missing -- before the server command');
    return {
      name: 'prompt',
      prompt,
      promptArgs: {
        ...toolArguments(values.args as string | undefined, 'prompt'),
        ...pairs('prompt', '--arg', values.arg as string[] | undefined),
      },
      ...parseAnswerFlags('prompt', values),
      ...sessionFlags('prompt', values, server, more),
    };
  },
};
