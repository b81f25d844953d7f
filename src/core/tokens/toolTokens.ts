/**
 * What a tool definition costs a model's context: the tokens of its name, description and
 * schemas as JSON, counted with gpt-tokenizer's o200k_base encoding (the GPT-4o/GPT-5 family).
 * Hosts wrap definitions in their own framing and other model families tokenize differently:
 * the count is an estimate that compares tools and versions, not an invoice.
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

export { TOKEN_ENCODING } from './encoding';

export function toolTokens(tool: Record<string, unknown>): number {
  const { name, title, description, inputSchema, outputSchema } = tool;
  return countTokens(JSON.stringify({ name, title, description, inputSchema, outputSchema }));
}

export function totalToolTokens(tools: readonly Record<string, unknown>[]): number {
  return tools.reduce((n, t) => n + toolTokens(t), 0);
}
