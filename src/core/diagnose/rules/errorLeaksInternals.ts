import type { Rule } from '../rule';
import { onFirstAnswer } from '../answer';
import { describeRequest, quote } from '../describe';
import { argumentStrings, internalsIn, launchFolders } from '../internals';

/**
 * An error a tool call produced (a JSON-RPC error or an isError result, which "goes to the
 * model") carries a stack trace or a path of the server's machine: it tells the model and
 * the user nothing they can act on, and tells an attacker the layout of the host. What the
 * caller gave is not the host's layout: a path it named (a filesystem server's "ENOENT …
 * '/srv/notes/todo.txt'" answers `todo.txt`), a root, a folder in the server's launch arguments.
 */
export const errorLeaksInternals: Rule = {
  id: 'error-leaks-internals',
  stage: 'invocation',
  severity: 'warning',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, ctx, report) => {
    if (r.method !== 'tools/call') return;
    const text = msg.error
      ? `${msg.error.message}\n${JSON.stringify(msg.error.data ?? '')}`
      : msg.result?.isError === true
        ? resultText(msg.result)
        : '';
    if (text === '') return;
    const leak = internalsIn(text, {
      arguments: argumentStrings(r.params?.arguments),
      folders: [...ctx.roots, ...(ctx.spawned ? launchFolders(ctx.spawned.args, ctx.spawned.cwd) : [])],
    });
    if (!leak) return;
    report({
      message: `The error of ${describeRequest(r)} shows the server's ${leak.kind}: ${quote(leak.excerpt, 120)}`,
      evidence: [r.seq, e.seq],
      hint: 'Catch the exception in the handler and answer with a sentence about the input (isError: true), logging the stack to stderr instead of sending it.',
    });
  }),
};

function resultText(result: Record<string, unknown>): string {
  const content = Array.isArray(result.content) ? result.content : [];
  return content
    .map((c) => (c && typeof c === 'object' && typeof (c as { text?: unknown }).text === 'string' ? (c as { text: string }).text : ''))
    .join('\n');
}
