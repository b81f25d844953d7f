/**
 * A server child's output under `record --watch`: its spawn marked in the trace, its stdout
 * recorded and split into lines for the proxy (with backpressure from a slow host), and its
 * stderr passed to ours and recorded.
 */
import { now } from '../../../core/trace/event';
import type { RecorderMessage } from '../messages';
import { LineSplitter } from './lineSplitter';
import type { ServerChild } from './serverChild';

export interface ChildOutputHooks {
  /** One whole line the child wrote on stdout. */
  line(line: Buffer): void;
  /** Whether this child is still the proxy's current one (only its unfinished last line reaches the host). */
  isCurrent(): boolean;
}

/** Wires `child`'s streams (child `number` of this run of `command`) to the trace, the proxy and the host. */
export function pipeChildOutput(
  child: ServerChild,
  number: number,
  command: string,
  args: readonly string[],
  post: (m: RecorderMessage) => void,
  hooks: ChildOutputHooks,
): void {
  const lines = new LineSplitter();
  // Marked now (a pid means it started), not on 'spawn': the replayed handshake is written next, and the trace must show the child first.
  if (child.pid !== undefined) {
    post({
      type: 'meta',
      kind: 'spawned',
      t: now(),
      raw: `spawned pid ${child.pid} (child ${number}): ${[command, ...args].join(' ')}`,
      info: { pid: child.pid, command, args: [...args], cwd: process.cwd(), child: number },
    });
  }
  child.process.stdout.on('data', (chunk: Buffer) => {
    post({ type: 'chunk', dir: 's2c', t: now(), chunk });
    for (const line of lines.push(chunk)) hooks.line(line);
    // A host that reads slowly slows the server down rather than filling our memory.
    if (process.stdout.writableNeedDrain) {
      child.process.stdout.pause();
      process.stdout.once('drain', () => child.process.stdout.resume());
    }
  });
  child.process.stdout.once('end', () => {
    const rest = lines.rest();
    if (rest && hooks.isCurrent()) process.stdout.write(rest);
    post({ type: 'end', dir: 's2c', t: now() });
  });
  child.process.stderr.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    post({ type: 'chunk', dir: 'stderr', t: now(), chunk });
  });
  child.process.stderr.once('end', () => post({ type: 'end', dir: 'stderr', t: now() }));
}
