// Starts an HTTP fixture server of test/fixtures/servers/http and reads the URL it prints as
// its first line: one starter for the integration tests (run inside the extension host) and
// the e2e tests (run in plain Node), which differ only in how the process is launched.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** How the fixture's process is launched. */
export interface FixtureLaunch {
  /** The repository the fixture is in. */
  root: string;
  env?: NodeJS.ProcessEnv;
  /** Its own process group, so a test can end the fixture and anything it started with one signal. */
  detached?: boolean;
}

/** Starts test/fixtures/servers/http/FILE (pushed on `children`, for the test to stop) and resolves with the URL it prints first. */
export function launchHttpFixture(launch: FixtureLaunch, file: string, children: ChildProcess[], args: string[] = []): Promise<string> {
  const child = spawn(process.execPath, [join(launch.root, 'test', 'fixtures', 'servers', 'http', file), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: launch.env,
    detached: launch.detached,
  });
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
