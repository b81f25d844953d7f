import type { TraceEvent } from '../trace/event';
import type { StderrLine } from './context';
import { exitText, retryCanHelp, tellingLine } from './stderrClues';

/** How a server process ended, and the stderr line that says why. */
export interface ExitStory {
  code: number | null;
  signal: string | null;
  /** `code 1` / `signal SIGSEGV`. */
  status: string;
  /** The stderr line that explains the exit (the one the exited-early and crashed cards cite). */
  reason?: string;
  /** Whether starting it again can help (not for ENOENT, a missing module, a syntax error, bad arguments). */
  retry: boolean;
}

/** stderr lines of one run read for the reason, as the diagnostics keep them. */
const STDERR_READ = 200;

/**
 * The exit of the latest run in a trace (after its last 'spawned'), told once for every
 * place that says it (the Servers row, its tooltip, the notification, the CLI), so that
 * they agree with each other and with the diagnostics' card.
 */
export function exitStory(events: readonly TraceEvent[]): ExitStory | undefined {
  let start = 0;
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i].dir === 'meta' && events[i].kind === 'spawned') {
      start = i;
      break;
    }
  }
  let exited: TraceEvent | undefined;
  let answered = false;
  let stderr: StderrLine[] = [];
  for (let i = start; i < events.length && !exited; i++) {
    const e = events[i];
    if (e.dir === 'stderr') stderr.push({ seq: e.seq, text: e.raw });
    else if (e.dir === 'meta' && e.kind === 'exited') exited = e;
    // After its first answer, a crash is explained by what it wrote since (as the crashed card reads it).
    else if (e.dir === 's2c' && e.kind === 'response' && !answered) {
      answered = true;
      stderr = [];
    }
  }
  if (!exited) return undefined;
  const code = typeof exited.info?.code === 'number' ? exited.info.code : null;
  const signal = typeof exited.info?.signal === 'string' ? exited.info.signal : null;
  const reason = tellingLine(stderr.slice(-STDERR_READ))?.text.trim() || undefined;
  const clean = code === 0 && signal === null;
  return { code, signal, status: exitText({ code, signal }), ...(reason ? { reason } : {}), retry: !clean && retryCanHelp(reason) };
}

/** `exited (code 1): Error: ENOENT: no such file or directory, scandir '/data'`. */
export function exitSentence(story: ExitStory, verb = 'exited'): string {
  return `${verb} (${story.status})${story.reason ? `: ${story.reason}` : ''}`;
}
