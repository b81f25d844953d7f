import * as fs from 'node:fs';
import * as path from 'node:path';

/** Where the two preloads live in an installed MCP Lens (extension or CLI). */
export interface PreloadAssets {
  /** The bundled Node preload (esbuild.config.mjs: src/core/preload/node-preload.ts → dist/preload/node-preload.js). */
  nodePreload: string;
  /** The directory holding sitecustomize.py, shipped as is (media/preload/python). */
  pythonDir: string;
}

export function preloadAssets(root: string = packageRoot()): PreloadAssets {
  return {
    nodePreload: path.join(root, 'dist', 'preload', 'node-preload.js'),
    pythonDir: path.join(root, PYTHON_DIR),
  };
}

const PYTHON_DIR = path.join('media', 'preload', 'python');
/** The one file MCP Lens ships as is in every form it takes (the VSIX, the npm package, a checkout). */
const MARKER = path.join(PYTHON_DIR, 'sitecustomize.py');

/** Each lookup's answer: the first Start of a window is the one that looks. */
const roots = new Map<string, string>();

/**
 * The root of the installed MCP Lens, found upward from this module (dist/ when bundled, the
 * extension and the CLI alike; src/core/preload when run from source): the first directory that
 * holds the Python preload. One stat per level: reading and parsing the 54 kB package.json
 * instead cost the first Start about 2 ms before its server could be spawned.
 */
export function packageRoot(from: string = __dirname): string {
  const known = roots.get(from);
  if (known !== undefined) return known;
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, MARKER))) {
      roots.set(from, dir);
      return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`MCP Lens's preloads (${MARKER}) were not found above ${from}`);
  }
}
