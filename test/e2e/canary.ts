// A local HTTP listener that no test should ever hear from: hostile payloads point at it,
// so a single request proves that a payload fired (an image loaded, a link followed, a
// command typed `curl` into a terminal).
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';

/**
 * The URL is fixed when the test file loads (it goes into the workspace config, written
 * before VS Code starts); the listener runs while a test runs.
 */
export class Canary {
  readonly port = freePort();
  readonly url = `http://127.0.0.1:${this.port}`;
  /** Every request received while listening: method and path. */
  readonly hits: string[] = [];
  private server: Server | undefined;

  async listen(): Promise<void> {
    this.hits.length = 0;
    const server = createServer((req, res) => {
      this.hits.push(`${req.method} ${req.url}`);
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }
}

/** A port free now, found synchronously (test files load synchronously). */
function freePort(): number {
  const script = "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}
