/**
 * The AI SDK's bundle, dist/eval-models.js (esbuild.config.mjs), beside the CLI's: required
 * when `eval` first needs a model, so the SDK is in no other command's start (an import()
 * would be inlined into dist/cli.js).
 */
import { join } from 'node:path';

export type EvalModels = typeof import('./aiSdkModel');

export function requireEvalModels(): EvalModels {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(join(__dirname, 'eval-models.js')) as EvalModels;
}
