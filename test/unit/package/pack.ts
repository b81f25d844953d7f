import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../cli/helpers';

export const VERSION: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;

/** The validators come from `npm run build` only; without them the tarball is not the real one. */
export const NO_BUILD = existsSync(join(ROOT, 'dist', 'validators')) ? false : 'no dist/validators: run npm run build';

export interface Packed {
  file: string;
  size: number;
  unpackedSize: number;
  files: { path: string }[];
}

/** npm, offline, with a cache of the caller's own: nothing is fetched, the shared cache is left alone. */
export function npm(args: string[], cwd: string, cache: string): string {
  return execFileSync('npm', [...args, '--offline', '--no-audit', '--no-fund', '--cache', cache], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * `npm pack` of this repository into `dir`. --ignore-scripts: prepack's production build
 * would rewrite dist/ under the tests running beside this one; what is packed is the build
 * that is there (the caller runs buildCli() first).
 */
export function packInto(dir: string): Packed {
  const [packed] = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', dir], ROOT, join(dir, 'cache')));
  return { ...packed, file: join(dir, `mcp-lens-${VERSION}.tgz`) };
}
