/**
 * The host's side of `record --watch`: the lines it writes on our stdin, and the ways it ends
 * the run (closing stdin, closing our stdout, a signal).
 */
import { LineSplitter } from './lineSplitter';

export interface HostInputHooks {
  /** One whole line from the host (the last one too, when stdin ends without a newline). */
  line(line: Buffer): void;
  /** Stdin ended, after its last line. */
  stdinClosed(): void;
  /** The run is to end, and why. */
  end(reason: string): void;
}

export function listenToHost(hooks: HostInputHooks): void {
  const lines = new LineSplitter();
  process.stdin.on('data', (chunk: Buffer) => {
    for (const line of lines.push(chunk)) hooks.line(line);
  });
  process.stdin.once('end', () => {
    const rest = lines.rest();
    if (rest) hooks.line(rest);
    hooks.stdinClosed();
  });
  process.stdout.on('error', () => hooks.end('host closed our stdout'));
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(signal, () => hooks.end(`received ${signal}`));
}
