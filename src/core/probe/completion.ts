import { completionParams, MAX_COMPLETION_VALUES, offersCompletions, type CompletionAsk } from '../resources/completion';
import { parseUriTemplate } from '../resources/uriTemplate';
import { evidence, exchange, isRecord } from './exchange';
import { recordVerdict, type Probe, type ProbeContext } from './probe';

/** At most this many completion/complete requests per check: a server with 500 prompts is not asked 500 times. */
const MAX_ASKS = 20;

/** A method the server declared and then says it does not have. */
const METHOD_NOT_FOUND = -32601;

/**
 * server/utilities/completion: "Servers that support completions MUST declare the completions
 * capability"; the result's `values` "MUST NOT exceed 100 items", `total` is a number and
 * `hasMore` a boolean. An error for a name it does not know (-32602) is allowed: no finding.
 */
export const completionProbe: Probe = {
  id: 'completion',
  title: 'completion/complete answers every prompt argument and template variable',
  skip(ctx) {
    if (!offersCompletions(ctx.info.capabilities)) return 'the server does not declare completions';
    return asks(ctx).length === 0 ? 'no prompt argument or template variable to complete' : undefined;
  },
  async run(ctx) {
    for (const ask of asks(ctx)) {
      const answer = await exchange(ctx, 'completion/complete', completionParams(ask));
      const what =
        ask.ref.type === 'ref/prompt'
          ? `prompt "${ask.ref.name}" argument "${ask.argument.name}"`
          : `template ${ask.ref.uri} variable "${ask.argument.name}"`;
      const fault =
        'error' in answer
          ? answer.error.code === METHOD_NOT_FOUND
            ? `error ${METHOD_NOT_FOUND} "${answer.error.message}" although completions is declared`
            : undefined
          : shapeFault(answer.result);
      if (fault === undefined) continue;
      recordVerdict(ctx.client.trace, 'completion', {
        rule: 'completion-invalid',
        message: `completion/complete for ${what} was answered with ${fault}`,
        hint: 'Answer { completion: { values: string[] (at most 100), total?: number, hasMore?: boolean } }, or stop declaring completions.',
        evidence: evidence(answer.responseSeq, answer.requestSeq),
      });
      // One finding says it; the same handler answers every argument the same way.
      return;
    }
  },
};

function shapeFault(result: Record<string, unknown>): string | undefined {
  const c = result.completion;
  if (!isRecord(c)) return 'no "completion" object';
  if (!Array.isArray(c.values)) return '"completion.values" that is not an array';
  if (c.values.some((v) => typeof v !== 'string')) return '"completion.values" holding a value that is not a string';
  if (c.values.length > MAX_COMPLETION_VALUES)
    return `${c.values.length} values (at most ${MAX_COMPLETION_VALUES} are allowed; say hasMore: true)`;
  if (c.total !== undefined && (typeof c.total !== 'number' || !Number.isInteger(c.total) || c.total < 0))
    return `"completion.total" ${JSON.stringify(c.total)}, not a count`;
  if (c.total !== undefined && c.total < c.values.length) return `"completion.total" ${c.total} below the ${c.values.length} values sent`;
  if (c.hasMore !== undefined && typeof c.hasMore !== 'boolean') return `"completion.hasMore" ${JSON.stringify(c.hasMore)}, not a boolean`;
  return undefined;
}

/** Every prompt argument, then every template variable, empty typed so far (what a host asks first), bounded. */
function asks(ctx: ProbeContext): CompletionAsk[] {
  const out: CompletionAsk[] = [];
  for (const prompt of ctx.listed.prompts) {
    if (typeof prompt.name !== 'string' || !Array.isArray(prompt.arguments)) continue;
    for (const arg of prompt.arguments) {
      if (isRecord(arg) && typeof arg.name === 'string')
        out.push({ ref: { type: 'ref/prompt', name: prompt.name }, argument: { name: arg.name, value: '' } });
    }
  }
  for (const template of ctx.listed.templates) {
    if (typeof template.uriTemplate !== 'string') continue;
    let names: string[];
    try {
      names = parseUriTemplate(template.uriTemplate).variables.map((v) => v.name);
    } catch {
      continue; // a malformed template is not ours to complete
    }
    for (const name of names) out.push({ ref: { type: 'ref/resource', uri: template.uriTemplate }, argument: { name, value: '' } });
  }
  return out.slice(0, MAX_ASKS);
}
