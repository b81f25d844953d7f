import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { root } from '../harness/paths';

/** Starts test/fixtures/servers/http/FILE (pushed on `children`, for the test to stop) and resolves with the MCP URL it prints first. */
export function startHttpFixture(file: string, children: ChildProcess[], args: string[] = []): Promise<string> {
  const child = spawn(process.execPath, [join(root, 'test', 'fixtures', 'servers', 'http', file), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!.trim());
    });
    child.once('exit', (code, signal) => reject(new Error(`${file} exited (${signal ?? code}) before printing its URL: ${err}`)));
  });
}
