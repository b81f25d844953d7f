import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { node24Bin, root } from './paths';

/** The official conformance suite needs Node ≥ 22 (fs.globSync); the project's tools put Node 24 in .cache/node24. */
export function node24(): string {
  const node = join(node24Bin, 'node');
  if (!existsSync(node)) {
    const install = spawnSync('bash', [join(root, 'test', 'harness', 'install-vscode.sh')], { stdio: 'inherit' });
    if (install.status !== 0 || !existsSync(node)) throw new Error('Node 24 is missing and test/harness/install-vscode.sh could not install it');
  }
  return node;
}
