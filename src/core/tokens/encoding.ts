/**
 * The encoding token counts are given in, apart from the tokenizer itself: naming it costs
 * nothing, loading the tokenizer (its 2 MB rank table) is deferred to the first count.
 */
export const TOKEN_ENCODING = 'o200k_base';
export const TOKENIZER = 'gpt-tokenizer';
