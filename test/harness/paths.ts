// Where the harness finds the project, its cache and the tools install-vscode.sh put there.
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * Its real path: a worktree whose .cache links to another's would otherwise give the workbench
 * one path for a workspace file and js-debug (which reports real paths) another, and a
 * breakpoint set in the one would never bind in the other.
 */
export const cacheDir = existsSync(join(root, '.cache')) ? realpathSync(join(root, '.cache')) : join(root, '.cache');
export const runsDir = join(cacheDir, 'runs');
export const resultsDir = join(root, 'test-results');
export const node24Bin = join(cacheDir, 'node24', 'bin');
export const codeServerDir = join(cacheDir, 'code-server');
export const codeServerBin = join(codeServerDir, 'node_modules', '.bin', 'code-server');
/** The test extension that registers a scripted language model (loaded beside MCP Lens where evals run). */
export const SCRIPTED_MODEL_EXTENSION = join(root, 'test', 'fixtures', 'extensions', 'scripted-model');
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Fails with the command that fixes it, instead of a spawn ENOENT deep inside a run. */
export function requireInstalled(): void {
  const missing = [join(node24Bin, 'node'), codeServerBin, chromiumPath].filter((p) => !existsSync(p));
  if (missing.length > 0) {
    throw new Error(`missing ${missing.join(', ')}: run \`bash test/harness/install-vscode.sh\` first`);
  }
}
