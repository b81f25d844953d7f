import { evidence, exchange, isRecord, quote } from './exchange';
import { recordVerdict, type Probe, type ProbeContext } from './probe';

/** Prompts fetched per check, at most. */
const MAX_GETS = 10;
const ROLES = new Set(['user', 'assistant']);

/**
 * server/prompts: prompts/get returns `messages`, each with a `role` ("user" or "assistant")
 * and a `content` block that has a `type`. A listed prompt with no required argument is one a
 * host offers with one click: it must be fetchable as listed.
 */
export const promptsGetProbe: Probe = {
  id: 'prompts-get',
  title: 'every prompt without required arguments can be fetched',
  skip: (ctx) =>
    fetchable(ctx).length > 0
      ? undefined
      : ctx.listed.prompts.length === 0
        ? 'no prompt is listed'
        : 'every prompt has a required argument',
  async run(ctx) {
    for (const name of fetchable(ctx).slice(0, MAX_GETS)) {
      const answer = await exchange(ctx, 'prompts/get', { name });
      const fault = 'error' in answer ? `error ${answer.error.code} "${answer.error.message}"` : messagesFault(answer.result);
      if (fault === undefined) continue;
      recordVerdict(ctx.client.trace, 'prompts-get', {
        rule: 'prompt-get-failed',
        message: `prompts/get of the listed prompt ${quote(name)} (no required argument) was answered with ${fault}`,
        hint: 'A prompt listed without required arguments must be fetchable with none: answer { messages: [{ role: "user" | "assistant", content: { type, … } }] }.',
        evidence: evidence(answer.responseSeq, answer.requestSeq),
      });
    }
  },
};

function fetchable(ctx: ProbeContext): string[] {
  return ctx.listed.prompts
    .filter(
      (p) => typeof p.name === 'string' && !(Array.isArray(p.arguments) && p.arguments.some((a) => isRecord(a) && a.required === true)),
    )
    .map((p) => p.name as string);
}

function messagesFault(result: Record<string, unknown>): string | undefined {
  if (!Array.isArray(result.messages)) return 'no "messages" array';
  for (const [i, m] of result.messages.entries()) {
    if (!isRecord(m)) return `messages[${i}] that is not an object`;
    if (typeof m.role !== 'string' || !ROLES.has(m.role))
      return `messages[${i}] with role ${quote(m.role ?? 'missing')} (only "user" and "assistant" exist)`;
    if (!isRecord(m.content) || typeof m.content.type !== 'string')
      return `messages[${i}] whose "content" is not a content block with a "type"`;
  }
  return undefined;
}
