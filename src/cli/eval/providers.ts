/** The providers `eval --model PROVIDER:MODEL` knows, and where each one's key is read from. */
export const PROVIDERS = ['openai', 'anthropic', 'google', 'openai-compatible'] as const;
export type Provider = (typeof PROVIDERS)[number];

export const KEY_VARIABLES: Record<Provider, string> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  google: 'GOOGLE_GENERATIVE_AI_API_KEY',
  'openai-compatible': 'MCP_LENS_EVAL_API_KEY',
};

/** The endpoint of openai-compatible when --base-url is not given. */
export const BASE_URL_VARIABLE = 'MCP_LENS_EVAL_BASE_URL';

export interface ModelRef {
  provider: Provider;
  model: string;
}
