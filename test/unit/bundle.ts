import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Bundles one entry (a path from the repository root) with the options esbuild.config.mjs
 * uses for the Node bundles, so tests run what ships.
 */
export async function bundleForNode(entry: string, outfile: string, banner?: string, minify = false): Promise<void> {
  await esbuild.build({
    entryPoints: [`${ROOT}${entry}`],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    mainFields: ['module', 'main'],
    ...(banner !== undefined ? { banner: { js: banner } } : {}),
    minify,
    logLevel: 'silent',
  });
}
