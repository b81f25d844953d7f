/**
 * The AI SDK's bundle, dist/eval-models.js (esbuild.config.mjs), beside the CLI's: required
 * when `eval` first needs a model, so the SDK is in no other command's start (an import()
 * would be inlined into dist/cli.js).
 */
import { join } from 'node:path';

export type EvalModels = typeof import('./aiSdkModel');

/** The bundle, or why this copy of the CLI has none (a sentence for the user). */
export function requireEvalModels(): EvalModels | string {
  const file = join(__dirname, 'eval-models.js');
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(file) as EvalModels;
  } catch (error) {
    // The VSIX ships the CLI without it (.vscodeignore): say where eval runs instead of a stack.
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' && (error as Error).message.includes('eval-models')) {
      return `this copy of the CLI has no ${file} (the VS Code extension ships without it): run eval from the npm package (npx mcp-lens eval …) or a build of the repository`;
    }
    throw error;
  }
}
