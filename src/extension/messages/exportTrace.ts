import { StreamMask, type TextMask } from '../../core/trace/streamMask';
import type { LiveSession } from '../diagnostics/liveSession';
import { redactor } from '../traceLog';
import { TextFileWriter } from '../../core/util/textFileWriter';

/**
 * Masks a session's secrets in a serialized trace line, in every escaped form they can take.
 */
export function traceRedactor(session: LiveSession): TextMask {
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
 * read back from the session's file on disk (the editor keeps only the newest events in memory)
 * and copied in chunks, so a 50 MB event never has to be held, masked or encoded whole.
 * Returns the number of events (lines) written.
 */
export async function exportTrace(session: LiveSession, file: string): Promise<number> {
  const mask = new StreamMask(traceRedactor(session));
  const out = new TextFileWriter(file);
  let count = 0;
  try {
    for await (const chunk of session.trace.text()) {
      for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', nl + 1)) count += 1;
      await out.write(mask.push(chunk));
    }
    await out.write(mask.end());
  } catch (error) {
    // The trace could not be read back: no half-written file left behind as if it were whole.
    await out.abort();
    throw error;
  }
  await out.end();
  return count;
}
