/**
 * The tokenizer's bundle, dist/tokenizer.js (esbuild.config.mjs), beside the bundle that runs:
 * the extension and the CLI both require it at run time, on the first count, so its rank
 * tables (megabytes) are inlined in neither and start neither (an import() would be inlined).
 */
import { join } from 'node:path';

export type Tokenizer = typeof import('./toolTokens');

export function requireTokenizer(): Tokenizer {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(join(__dirname, 'tokenizer.js')) as Tokenizer;
}
