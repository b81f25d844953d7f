import { cpSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Bundles one entry (a path from the repository root) with the options esbuild.config.mjs
 * uses for the Node bundles, so tests run what ships. Resolves to the files the bundle was
 * made from (paths from the repository root), for a caller that rebuilds only when one changes.
 * A bundle that reads the official schemas gets them beside it in `official/`, as the build
 * puts them (src/core/schema/officialSchema.ts reads them on first use).
 */
export async function bundleForNode(entry: string, outfile: string, banner?: string, minify = false): Promise<string[]> {
  const result = await esbuild.build({
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
    metafile: true,
  });
  const inputs = Object.keys(result.metafile.inputs);
  if (inputs.some((input) => input.endsWith('src/core/schema/officialSchema.ts'))) {
    cpSync(join(ROOT, 'src/core/schema/official'), join(dirname(outfile), 'official'), { recursive: true });
  }
  return inputs;
}
