import type { TraceEvent } from '../trace/event';
import type { StderrLine } from './context';
import { retryCanHelp, tellingLine } from './stderrClues';

/** The facts of one exit: its code or the signal that ended it, and the stderr line that says why. */
export interface ExitFacts {
  code: number | null;
  signal: string | null;
  /** The stderr line that explains the exit (the one the exited-early and crashed cards cite). */
  reason?: string;
}

/** How a server process ended, and the stderr line that says why. */
export interface ExitStory extends ExitFacts {
  /** `code 1` / `signal SIGSEGV`. */
  status: string;
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
  const { code, signal } = exitFacts(exited.info);
  const reason = tellingLine(stderr.slice(-STDERR_READ))?.text.trim() || undefined;
  const clean = code === 0 && signal === null;
  return { code, signal, status: exitStatus({ code, signal }), ...(reason ? { reason } : {}), retry: !clean && retryCanHelp(reason) };
}

/** The code and signal an 'exited' event records (a trace read from a file may hold anything there). */
export function exitFacts(info: Readonly<Record<string, unknown>> | undefined): ExitFacts {
  return { code: typeof info?.code === 'number' ? info.code : null, signal: typeof info?.signal === 'string' ? info.signal : null };
}

/** `code 1` / `signal SIGSEGV`: the status inside every exit sentence, and the Messages view's exited row. */
export function exitStatus(exit: { code: number | null; signal: string | null }): string {
  if (exit.signal) return `signal ${exit.signal}`;
  return `code ${exit.code ?? 'unknown'}`;
}

/**
 * The one sentence for an exit, wherever it is told (the CLI, the Servers row, its
 * notification, the diagnostics' log, `mcp-lens mcp`, the record proxy, a lost request):
 * `exited (code 1)`, `exited (signal SIGKILL) before answering`,
 * `exited (code 1): Error: ENOENT: no such file or directory, scandir '/data'`.
 * `when` says what the exit came before; the stderr reason, when there is one, comes last.
 * A connection with no process (HTTP+SSE: the server closed its stream) has neither code nor
 * signal: it `closed the connection`.
 */
export function exitSentence(exit: ExitFacts, when?: string): string {
  const what = exit.code === null && exit.signal === null ? 'closed the connection' : `exited (${exitStatus(exit)})`;
  return `${what}${when ? ` ${when}` : ''}${exit.reason ? `: ${exit.reason}` : ''}`;
}
