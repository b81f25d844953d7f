/**
 * Requires the MCP Apps bridge (bridge.ts) on first use: dist/appBridge.js beside the bundle that
 * runs, or the module itself from the sources (tests). A static import would inline it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export type Bridge = typeof import('./bridge');

let bridge: Bridge | undefined;

export function requireBridge(): Bridge {
  if (!bridge) {
    const bundled = join(__dirname, 'appBridge.js');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    bridge = require(existsSync(bundled) ? bundled : join(__dirname, 'bridge')) as Bridge;
  }
  return bridge;
}
