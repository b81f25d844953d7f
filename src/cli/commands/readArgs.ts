import { ANSWER_OPTIONS, parseAnswerFlags, type AnswerFlags } from '../answerFlags';
import type { CommandSpec } from '../cliParser';
import { pairs } from '../flagValues';
import { requireServer } from '../serverTarget';
import { SESSION_OPTIONS, sessionFlags, type SessionFlags } from '../sessionFlags';
import { ELICIT, REPORT_TAIL } from '../usageBlocks';
import { UsageError } from '../usageError';

/** `mcp-lens read`: its arguments, options and usage. */

export interface ReadArgs extends AnswerFlags, SessionFlags {
  name: 'read';
  /** A URI, or an RFC 6570 template when `vars` are given or it holds an expression. */
  uri: string;
  vars: Record<string, string>;
}

export const READ_COMMAND: CommandSpec<ReadArgs> = {
  usage: `Usage: mcp-lens read URI|TEMPLATE [--var NAME=VALUE]… [--elicit ANSWER]… [--json] [--timeout MS] [--fail-on LEVEL] SERVER

Read one resource (resources/read) and print its contents: text as it is, a blob as its
size and mime type. A resource template (RFC 6570, levels 1–4, e.g.
'weather://{city}/now{?units}') is expanded with the --var values first; a variable left
out is left out of the URI. Not found is told apart by era: -32002 (2025-11-25 and
earlier) or -32602 (2026-07-28).

  --var NAME=VALUE a template variable (repeatable); a list variable ({x*}) takes a,b,c

${ELICIT}
${REPORT_TAIL}`,
  options: { var: { type: 'string', multiple: true }, ...SESSION_OPTIONS, ...ANSWER_OPTIONS },
  build: ({ values, positionals, server }) => {
    const [uri, ...more] = positionals;
    if (uri === undefined || uri === '') throw new UsageError('read: missing the resource URI (mcp-lens read URI --url URL)');
    requireServer(values, server, 'read: missing -- before the server command');
    return {
      name: 'read',
      uri,
      vars: pairs('read', '--var', values.var as string[] | undefined),
      ...parseAnswerFlags('read', values),
      ...sessionFlags('read', values, server, more),
    };
  },
};
