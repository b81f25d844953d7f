import type { TraceEvent } from '../core/trace/event';

export interface Failure {
  /** One line for the tree's description and the notification. */
  message: string;
  /** The server's last stderr lines, oldest first. */
  stderrTail: string[];
}

const TAIL_LINES = 20;

export function stderrTail(events: readonly TraceEvent[], lines = TAIL_LINES): string[] {
  const tail: string[] = [];
  for (let i = events.length - 1; i >= 0 && tail.length < lines; i--) {
    if (events[i].dir === 'stderr' && events[i].raw.trim() !== '') tail.push(events[i].raw);
  }
  return tail.reverse();
}

export function exitText(code: number | null, signal: string | null): string {
  return signal ? `killed by ${signal}` : `exit code ${code}`;
}

/**
 * Why a start failed, read from the trace first (the transport records spawn-failed and
 * exited as meta events), and from the thrown error only when the trace says nothing.
 */
export function describeFailure(events: readonly TraceEvent[], error: unknown): Failure {
  const tail = stderrTail(events);
  const lastLine = tail.at(-1);
  const spawnFailed = events.find((e) => e.dir === 'meta' && e.kind === 'spawn-failed');
  if (spawnFailed) {
    const info = spawnFailed.info ?? {};
    const message = typeof info.message === 'string' ? info.message : `cannot start ${String(info.command ?? 'the command')}: ${String(info.code ?? 'spawn failed')}`;
    return { message, stderrTail: tail };
  }
  const exited = events.find((e) => e.dir === 'meta' && e.kind === 'exited');
  if (exited) {
    const info = exited.info ?? {};
    const how = exitText((info.code as number | null) ?? null, (info.signal as string | null) ?? null);
    return { message: lastLine ? `exited (${how}): ${lastLine}` : `exited (${how}) before answering`, stderrTail: tail };
  }
  return { message: error instanceof Error ? error.message : String(error), stderrTail: tail };
}
