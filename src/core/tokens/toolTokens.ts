/**
 * What a tool definition costs a model's context: the tokens of its name, description and
 * schemas as JSON, counted with gpt-tokenizer's o200k_base encoding (the GPT-4o/GPT-5 family).
 * Hosts wrap definitions in their own framing and other model families tokenize differently:
 * the count is an estimate that compares tools and versions, not an invoice.
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

export { TOKEN_ENCODING } from './encoding';

/**
 * BPE merges are quadratic in the length of one pre-token: a hostile description made of one
 * megabyte-long word would hold the extension host for minutes. Text is therefore counted in
 * slices cut before whitespace (where o200k's pre-tokenizer cuts anyway, so ordinary text
 * counts the same), and a slice with no whitespace is cut hard at this length.
 */
const SLICE_CHARS = 1_000;
/** Beyond this the rest is scaled from what was counted: no host takes such a definition whole. */
const COUNTED_CHARS = 64 * 1024;

export function textTokens(text: string): number {
  if (text.length <= SLICE_CHARS) return countTokens(text);
  const counted = Math.min(text.length, COUNTED_CHARS);
  let tokens = 0;
  for (let start = 0; start < counted;) {
    let end = Math.min(start + SLICE_CHARS, counted);
    if (end < counted) {
      const space = text.lastIndexOf(' ', end);
      if (space > start) end = space;
    }
    tokens += countTokens(text.slice(start, end));
    start = end;
  }
  return counted === text.length ? tokens : Math.round((tokens * text.length) / counted);
}

export function toolTokens(tool: Record<string, unknown>): number {
  const { name, title, description, inputSchema, outputSchema } = tool;
  return textTokens(JSON.stringify({ name, title, description, inputSchema, outputSchema }));
}

export function totalToolTokens(tools: readonly Record<string, unknown>[]): number {
  return tools.reduce((n, t) => n + toolTokens(t), 0);
}
