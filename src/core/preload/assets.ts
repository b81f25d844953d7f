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
    pythonDir: path.join(root, 'media', 'preload', 'python'),
  };
}

/** Each lookup's answer: finding it reads and parses the manifest (54 kB), which every Start did. */
const roots = new Map<string, string>();

/**
 * The directory of MCP Lens's package.json, found upward from this module: dist/ when
 * bundled (extension, CLI), src/core/preload when run from source.
 */
export function packageRoot(from: string = __dirname): string {
  const known = roots.get(from);
  if (known !== undefined) return known;
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      try {
        if ((JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'mcp-lens') {
          roots.set(from, dir);
          return dir;
        }
      } catch {
        // Not ours; keep going up.
      }
    }
    if (path.dirname(dir) === dir) throw new Error(`MCP Lens's package.json was not found above ${from}`);
  }
}
