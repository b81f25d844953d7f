// Step 1: install the packed CLI into a prefix of its own (nothing else on the runner is
// touched) and put its bin on the PATH of the later steps. INPUT_PACKAGE is what npm
// installs: a tarball (`npm pack` of this repository), a version from the registry.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { addPath, fail, input, setOutput } from './github.mjs';

const spec = input('package');
if (!spec) fail('the "package" input is empty: a tarball path or an npm version spec such as mcp-lens@0.2.0');
const prefix = join(process.env.RUNNER_TEMP || process.cwd(), 'mcp-lens-cli');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
try {
  execFileSync(npm, ['install', '--global', '--prefix', prefix, '--no-audit', '--no-fund', spec], { stdio: ['ignore', 'inherit', 'inherit'], shell: process.platform === 'win32' });
} catch (error) {
  fail(`npm could not install ${spec}: ${error.message}`);
}
const bin = process.platform === 'win32' ? prefix : join(prefix, 'bin');
addPath(bin);
setOutput('bin', join(bin, 'mcp-lens'));
