// Bundles test/integration/*.ts into out/test/integration/*.js for the extension host.
// `vscode` is provided by the host and mocha is required from node_modules at run time.
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const integrationOut = join(root, 'out', 'test', 'integration');

export async function buildIntegration() {
  const src = join(root, 'test', 'integration');
  const entryPoints = readdirSync(src).filter((f) => f.endsWith('.ts')).map((f) => join(src, f));
  rmSync(integrationOut, { recursive: true, force: true });
  await esbuild.build({
    entryPoints,
    outdir: integrationOut,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  return join(integrationOut, 'index.js');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildIntegration().then(
    (index) => console.log(`built ${index}`),
    () => process.exit(1),
  );
}
