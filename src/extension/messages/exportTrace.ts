import * as fs from 'node:fs';
import type { LiveSession } from '../diagnostics/liveSession';
import { redactor } from '../traceLog';

/**
 * Masks a session's secrets in a serialized trace line, in every escaped form they can take.
 */
export function traceRedactor(session: LiveSession): (line: string) => string {
  const forms = new Set<string>();
  for (const value of session.secrets.values) {
    // As written, inside a JSON string (a message's value), and inside `raw` inside the event's
    // own JSON line (escaped twice).
    const once = JSON.stringify(value).slice(1, -1);
    forms.add(value);
    forms.add(once);
    forms.add(JSON.stringify(once).slice(1, -1));
  }
  return redactor([...forms].sort((a, b) => b.length - a.length));
}

/**
 * Writes the session's whole trace as *.mcptrace.jsonl, one event per line, secrets masked:
 * read back from the session's file on disk (the editor keeps only the newest events in memory).
 */
export async function exportTrace(session: LiveSession, file: string): Promise<number> {
  const redact = traceRedactor(session);
  const out = fs.createWriteStream(file, { encoding: 'utf8' });
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  // Awaited below; a write error while the trace is still being read must not go unhandled.
  done.catch(() => undefined);
  let count = 0;
  try {
    for await (const line of session.trace.lines()) {
      // Respect backpressure: a 100 000-event trace is tens of megabytes.
      if (!out.write(`${redact(line)}\n`)) await Promise.race([new Promise<void>((resolve) => out.once('drain', () => resolve())), done]);
      count += 1;
    }
  } catch (error) {
    // The trace could not be read back: no half-written file left behind as if it were whole.
    out.destroy();
    await fs.promises.rm(file, { force: true });
    throw error;
  }
  out.end();
  await done;
  return count;
}
