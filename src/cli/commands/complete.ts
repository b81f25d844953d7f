import type { CompleteArgs } from './completeArgs';
import type { Output } from '../output';
import type { Style } from '../style';
import { completionParams, readCompletion } from '../../core/resources/completion';
import { runOneRequest } from './oneRequest';

/** `mcp-lens complete`: one completion/complete, the values on stdout, one a line. */
export function runComplete(args: CompleteArgs, io: Output): Promise<number> {
  const what = args.ref.type === 'ref/prompt' ? `prompt ${args.ref.name}` : `template ${args.ref.uri}`;
  return runOneRequest(
    {
      server: args.server,
      json: args.json,
      timeoutMs: args.timeoutMs,
      failOn: args.failOn,
      // Nothing to answer a server's asks with: elicitations are declined, sampling refused.
      elicit: [],
      sample: [],
      roots: [],
      label: `completion/complete ${what} ${args.argument}`,
      method: 'completion/complete',
      params: completionParams({ ref: args.ref, argument: { name: args.argument, value: args.value }, context: args.context }),
      lines: completionLines,
    },
    io,
  );
}

export function completionLines(result: Record<string, unknown>, style: Style): string[] {
  const c = readCompletion(result);
  const out = c.values.length > 0 ? [...c.values] : [style.dim('(no completions)')];
  if (c.hasMore || (c.total !== undefined && c.total > c.values.length))
    out.push(
      style.dim(
        `${c.values.length} shown${c.total !== undefined ? ` of ${c.total}` : ''}${c.hasMore ? ', more to come: type more to narrow' : ''}`,
      ),
    );
  return out;
}
