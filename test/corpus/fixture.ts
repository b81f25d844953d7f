// A corpus fixture as a running server: over HTTP a child process whose first stdout line is
// its URL (stopped by `stop`), over stdio the command line MCP Lens starts itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { root } from '../harness/paths';
import type { Fixture } from './cases';

const FIXTURES = join(root, 'test', 'fixtures', 'servers', 'corpus');

export function fixtureFile(fixture: Fixture): string {
  return join(FIXTURES, `${fixture}.mjs`);
}

/** The server's command line for stdio (the legacy fixture only: the modern one is HTTP). */
export function stdioCommand(fault: string | undefined): string[] {
  return [process.execPath, fixtureFile('legacy'), '--stdio', ...(fault ? ['--fault', fault] : [])];
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

export async function startHttp(fixture: Fixture, fault: string | undefined): Promise<RunningServer> {
  const child = spawn(process.execPath, [fixtureFile(fixture), ...(fault ? ['--fault', fault] : [])], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve(line.trim()));
    child.once('exit', (code) => reject(new Error(`${fixture} --fault ${fault ?? '(none)'} exited ${code} before listening: ${stderr}`)));
  });
  child.stdout.resume();
  return { url, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
