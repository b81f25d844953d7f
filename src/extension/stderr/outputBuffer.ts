/**
 * The stderr panel's lines for one server: stderr and stray stdout in arrival order, the
 * newest `capacity` kept (a server flooding stderr costs bounded memory here; the trace
 * has every line). No `vscode`: the benchmark drives it too.
 */
import type { TraceEvent } from '../../core/trace/event';
import { logMessageText } from '../../core/session/logLevel';

export interface OutputLine {
  seq: number;
  /** stderr, a stdout line that is not JSON-RPC (flagged in the panel), or a notifications/message log entry. */
  kind: 'stderr' | 'stray' | 'log';
  /** A log entry's level (RFC 5424 name, or "unknown"). */
  level?: string;
  text: string;
  /** The line was longer than MAX_LINE_CHARS: its full length (the trace keeps every character). */
  fullLength?: number;
}

export const OUTPUT_CAPACITY = 5000;
/**
 * The longest line the panel receives. A 5 MB line drawn whole is one row a million pixels
 * tall and a renderer stall; the head is enough to read, the rest opens in an editor.
 */
export const MAX_LINE_CHARS = 10_000;

function panelLine(seq: number, kind: OutputLine['kind'], text: string): OutputLine {
  return text.length <= MAX_LINE_CHARS ? { seq, kind, text } : { seq, kind, text: text.slice(0, MAX_LINE_CHARS), fullLength: text.length };
}

export function isLogMessage(e: TraceEvent): boolean {
  return e.dir === 's2c' && (e.msg as { method?: unknown } | undefined)?.method === 'notifications/message';
}

/** What of an event the panel shows, whole: its kind, its text and (a log entry) its level; undefined when nothing. */
export function outputOf(e: TraceEvent): { kind: OutputLine['kind']; text: string; level?: string } | undefined {
  if (e.dir === 'stderr') return { kind: 'stderr', text: e.raw };
  if (e.dir !== 's2c') return undefined;
  if (!e.msg) return { kind: 'stray', text: e.raw };
  // Text before a glued message (none when it followed another message directly).
  if (e.glued) return { kind: 'stray', text: e.glued };
  // The server's log (notifications/message) sits with its stderr, in arrival order.
  if (isLogMessage(e)) {
    const log = logMessageText((e.msg as { params?: Record<string, unknown> }).params);
    return { kind: 'log', text: log.text, level: log.level };
  }
  return undefined;
}

export class OutputBuffer {
  private ring: OutputLine[] = [];
  private start = 0;
  private total = 0;
  /** Lines added since the panel last took them. */
  private fresh: OutputLine[] = [];
  private freshDropped = 0;

  constructor(private readonly capacity = OUTPUT_CAPACITY) {}

  /** Every line seen, including those no longer kept. */
  get count(): number {
    return this.total;
  }

  add(e: TraceEvent): void {
    const output = outputOf(e);
    if (!output) return;
    const line = panelLine(e.seq, output.kind, output.text);
    if (output.level !== undefined) line.level = output.level;
    this.total += 1;
    if (this.ring.length < this.capacity) this.ring.push(line);
    else {
      this.ring[this.start] = line;
      this.start = (this.start + 1) % this.capacity;
    }
    this.fresh.push(line);
    // Trimmed in bulk (at twice the capacity) so that a flood nobody reads stays O(1) per line.
    if (this.fresh.length > 2 * this.capacity) {
      this.freshDropped += this.fresh.length - this.capacity;
      this.fresh = this.fresh.slice(-this.capacity);
    }
  }

  /** The kept lines, oldest first. */
  lines(): OutputLine[] {
    return [...this.ring.slice(this.start), ...this.ring.slice(0, this.start)];
  }

  /** Lines since the last call, and how many of those were already pushed out. */
  takeFresh(): { lines: OutputLine[]; dropped: number } {
    const over = Math.max(0, this.fresh.length - this.capacity);
    const out = { lines: over ? this.fresh.slice(over) : this.fresh, dropped: this.freshDropped + over };
    this.fresh = [];
    this.freshDropped = 0;
    return out;
  }

  clear(): void {
    this.ring = [];
    this.start = 0;
    this.fresh = [];
    this.freshDropped = 0;
  }
}
