// The "limit" client: writes pre-serialised lines and scans the reply bytes for newlines.
// It does the least work any stdio client can do, so it bounds what a real client reaches.
import { spawn } from 'node:child_process';

export class RawClient {
  constructor(command, args) {
    this.child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
    this.waiters = [];
    this.child.stdout.on('data', (chunk) => {
      let from = 0;
      for (let nl = chunk.indexOf(10, from); nl !== -1; nl = chunk.indexOf(10, from)) {
        from = nl + 1;
        this.lines = (this.lines ?? 0) + 1;
        const waiter = this.waiters[0];
        if (waiter && this.lines >= waiter.until) {
          this.waiters.shift();
          waiter.resolve();
        }
      }
    });
  }

  /** Resolves when `count` more lines have arrived. */
  expect(count) {
    const until = (this.lines ?? 0) + count;
    return new Promise((resolve) => this.waiters.push({ until, resolve }));
  }

  write(line) {
    this.child.stdin.write(line);
  }

  async handshake() {
    const done = this.expect(1);
    this.write('{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}\n');
    await done;
    this.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
  }

  close() {
    return new Promise((resolve) => {
      this.child.once('close', resolve);
      this.child.stdin.end();
    });
  }
}
