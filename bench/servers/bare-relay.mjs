// The limit for the record proxy: a relay that only copies bytes (no trace), same spawn
// and pipes as `mcp-lens record`.
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: 'pipe' });
process.stdin.pipe(child.stdin);
child.stdout.pipe(process.stdout);
child.stderr.pipe(process.stderr);
child.stdin.on('error', () => {});
child.on('exit', (code) => {
  process.exitCode = code ?? 1;
});
child.on('close', () => process.exit(process.exitCode));
