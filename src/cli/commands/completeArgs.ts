import type { CommandSpec } from '../cliParser';
import { pairs } from '../flagValues';
import { requireServer } from '../serverTarget';
import { SESSION_OPTIONS, sessionFlags, type SessionFlags } from '../sessionFlags';
import { REPORT_TAIL } from '../usageBlocks';
import { UsageError } from '../usageError';

/** `mcp-lens complete`: completion/complete for a prompt argument or a template variable. */
export interface CompleteArgs extends SessionFlags {
  name: 'complete';
  ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
  argument: string;
  value: string;
  context: Record<string, string>;
}

export const COMPLETE_COMMAND: CommandSpec<CompleteArgs> = {
  usage: `Usage: mcp-lens complete (--prompt NAME | --template URI_TEMPLATE) ARGUMENT [--value TEXT] [--context NAME=VALUE]… [--json] [--timeout MS] [--fail-on LEVEL] SERVER

Ask the server for completions (completion/complete) of a prompt's argument or a resource
template's variable, and print the values, one a line. The server must declare the
completions capability.

  --prompt NAME        complete an argument of this prompt (ref/prompt)
  --template TEMPLATE  complete a variable of this resource template (ref/resource)
  --value TEXT         what has been typed so far (default: empty)
  --context NAME=VALUE the other arguments already chosen (repeatable), sent as
                       context.arguments
${REPORT_TAIL}`,
  options: {
    prompt: { type: 'string' },
    template: { type: 'string' },
    value: { type: 'string' },
    context: { type: 'string', multiple: true },
    ...SESSION_OPTIONS,
  },
  build: ({ values, positionals, server }) => {
    const [argument, ...more] = positionals;
    const prompt = values.prompt as string | undefined;
    const template = values.template as string | undefined;
    if ((prompt === undefined) === (template === undefined))
      throw new UsageError('complete: give either --prompt NAME or --template URI_TEMPLATE');
    if (argument === undefined || argument === '')
      throw new UsageError('complete: missing the argument (or template variable) to complete');
    requireServer(values, server, 'complete: missing -- before the server command');
    return {
      name: 'complete',
      ref: prompt !== undefined ? { type: 'ref/prompt', name: prompt } : { type: 'ref/resource', uri: template! },
      argument,
      value: (values.value as string | undefined) ?? '',
      context: pairs('complete', '--context', values.context as string[] | undefined),
      ...sessionFlags('complete', values, server, more),
    };
  },
};
