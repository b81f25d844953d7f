import { exitSentence, exitStory } from '../core/diagnose/exitStory';
import type { TraceEvent } from '../core/trace/event';

export interface Failure {
  /** One line for the tree's description and the notification. */
  message: string;
  /** The server's last stderr lines, oldest first. */
  stderrTail: string[];
  /** Whether starting again can help (not for ENOENT, a missing module, bad arguments…). */
  retry?: boolean;
}

const TAIL_LINES = 20;

export function stderrTail(events: readonly TraceEvent[], lines = TAIL_LINES): string[] {
  const tail: string[] = [];
  for (let i = events.length - 1; i >= 0 && tail.length < lines; i--) {
    if (events[i].dir === 'stderr' && events[i].raw.trim() !== '') tail.push(events[i].raw);
  }
  return tail.reverse();
}

/**
 * Why a start failed, read from the trace first (the transport records spawn-failed and
 * exited as meta events), and from the thrown error only when the trace says nothing. An
 * exit is told by exitStory, as the exited-early card tells it: status and stderr reason.
 */
export function describeFailure(events: readonly TraceEvent[], error: unknown): Failure {
  const tail = stderrTail(events);
  const spawnFailed = events.find((e) => e.dir === 'meta' && e.kind === 'spawn-failed');
  if (spawnFailed) {
    const info = spawnFailed.info ?? {};
    const message =
      typeof info.message === 'string'
        ? info.message
        : `cannot start ${String(info.command ?? 'the command')}: ${String(info.code ?? 'spawn failed')}`;
    return { message, stderrTail: tail, retry: info.code !== 'ENOENT' && info.code !== 'EACCES' };
  }
  const story = exitStory(events);
  if (story) {
    return {
      message: story.reason ? exitSentence(story) : `${exitSentence(story)} before answering`,
      stderrTail: tail,
      retry: story.retry,
    };
  }
  return { message: error instanceof Error ? error.message : String(error), stderrTail: tail };
}
