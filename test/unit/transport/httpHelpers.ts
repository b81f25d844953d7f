import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { SERVERS } from './helpers';

export interface HttpFixture {
  /** The MCP endpoint the server printed (http://127.0.0.1:PORT/mcp). */
  url: string;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts test/fixtures/servers/http/<name> (a real node:http server on 127.0.0.1:0) and reads its URL. */
export function startHttpFixture(name: string, args: string[] = [], env: Record<string, string> = {}): Promise<HttpFixture> {
  const child: ChildProcess = spawn(process.execPath, [path.join(SERVERS, 'http', name), ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve({ url: line.trim(), stderr: () => err, stop });
    });
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before printing its URL: ${err}`)));
  });
}
