// The same integration suite under desktop VS Code via @vscode/test-electron, for machines
// that can download VS Code (these offline machines cannot: use runIntegration.ts here).
//
//   npm run build && node --import tsx test/harness/runElectron.ts [--workspace DIR] [--version X]
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runTests } from '@vscode/test-electron';
import { resultsDir, root, runsDir, SCRIPTED_MODEL_EXTENSION } from './paths';
// @ts-expect-error plain .mjs shared with runIntegration and npm scripts
import { buildIntegration } from './buildIntegration.mjs';

const { values } = parseArgs({
  options: {
    workspace: { type: 'string', default: join(root, 'test', 'integration', 'workspaces', 'servers') },
    version: { type: 'string', default: process.env.VSCODE_TEST_VERSION ?? 'stable' },
    grep: { type: 'string' },
  },
});

async function main(): Promise<number> {
  const suite = (await buildIntegration()) as string;
  const runDir = join(runsDir, 'electron');
  rmSync(runDir, { recursive: true, force: true });
  const workspace = join(runDir, 'workspace');
  cpSync(resolve(values.workspace!), workspace, { recursive: true });
  mkdirSync(resultsDir, { recursive: true });
  return runTests({
    version: values.version,
    // Beside MCP Lens: the language model evals.test.ts runs its cases through.
    extensionDevelopmentPath: [root, SCRIPTED_MODEL_EXTENSION],
    extensionTestsPath: suite,
    extensionTestsEnv: {
      MCP_LENS_REPO_ROOT: root,
      MCP_LENS_RESULTS_FILE: join(resultsDir, 'integration.json'),
      ...(values.grep ? { MCP_LENS_TEST_GREP: values.grep } : {}),
    },
    launchArgs: [
      workspace,
      '--disable-extensions',
      '--disable-workspace-trust',
      '--skip-welcome',
      '--user-data-dir', join(runDir, 'user-data'),
      '--extensions-dir', join(runDir, 'extensions'),
    ],
  });
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`[electron] ${error.message}`);
    process.exit(1);
  },
);
