/**
 * A server run's whole stderr as a text file: what the stderr panel shows (stderr, stdout lines
 * that are not JSON-RPC, notifications/message entries, in arrival order) without the panel's
 * window of the newest rows. Read back from the session's trace, which keeps every event. No
 * `vscode` here.
 */
import type { TraceEvent } from '../../core/trace/event';
import type { TextMask } from '../../core/trace/streamMask';
import { TextFileWriter } from '../../core/util/textFileWriter';
import { outputOf } from './outputBuffer';

/** A serialized event's head, as serializeEvent writes it: seq, t, dir, then kind. */
const HEAD = /^\{"seq":\d+,"t":[-+.\deE]+,"dir":"([a-z0-9]+)"(?:,"kind":"([a-z-]+)")?/;
const MESSAGE_KINDS = new Set(['request', 'response', 'notification']);
/** Text is handed to the file in pieces of about this many characters. */
const PIECE_CHARS = 64 * 1024;

/**
 * Whether a serialized event can show in the panel, told from its head without parsing it: a
 * 50 MB tool result is skipped by a look at its first characters and two substring searches.
 */
function mayShow(line: string): boolean {
  const head = HEAD.exec(line.slice(0, 160));
  if (!head) return true;
  const [, dir, kind] = head;
  if (dir === 'stderr') return true;
  if (dir !== 's2c') return false;
  if (kind === undefined || !MESSAGE_KINDS.has(kind)) return true;
  return line.includes('"glued":') || (kind === 'notification' && line.includes('"notifications/message"'));
}

/** One line of the file: stderr as written, a stray stdout line marked, a log entry as the panel words it ("[level] logger: text"). */
function textOf(e: TraceEvent): string | undefined {
  const output = outputOf(e);
  if (!output) return undefined;
  return output.kind === 'stray' ? `[stdout] ${output.text}` : output.text;
}

/**
 * Writes the lines of `events` (serialized trace events, oldest first) that the panel shows to
 * `file`, each masked with `mask` before it is read (a credential the server printed stays
 * hidden, as in the trace file). Returns how many lines were written; on a failed read the file
 * is removed and the error thrown.
 */
export async function writeStderrText(events: AsyncIterable<string>, mask: TextMask, file: string): Promise<number> {
  const out = new TextFileWriter(file);
  let count = 0;
  let pending = '';
  try {
    for await (const line of events) {
      if (!mayShow(line)) continue;
      const text = textOf(JSON.parse(mask(line)) as TraceEvent);
      if (text === undefined) continue;
      pending += `${text}\n`;
      count += 1;
      if (pending.length >= PIECE_CHARS) {
        await out.write(pending);
        pending = '';
      }
    }
    await out.write(pending);
  } catch (error) {
    await out.abort();
    throw error;
  }
  await out.end();
  return count;
}
