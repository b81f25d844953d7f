import type { Direction, NewTraceEvent } from '../trace/event';
import type { Frame } from './framer';
import { splitGluedLine } from './gluedLine';
import { jsonEvent } from './lineEvent';

/**
 * The events of a line that held several messages, or messages and text: one event per
 * message (raw = its exact text, glued = the text before it) and a 'stray' piece for text
 * after the last one, each marked as a piece of the line so that the line can be rebuilt
 * byte for byte. Undefined when the line holds no message at all.
 */
export function gluedEvents(dir: Direction, frame: Frame): NewTraceEvent[] | undefined {
  const line = splitGluedLine(frame.text);
  if (!line) return undefined;
  const count = line.messages.length + (line.after === '' ? 0 : 1);
  const events: NewTraceEvent[] = line.messages.map((m, index) => {
    const e = jsonEvent(dir, m.json, m.value);
    e.glued = m.before;
    e.piece = { index, count };
    return e;
  });
  if (line.after !== '') events.push({ dir, raw: line.after, kind: 'stray', piece: { index: count - 1, count } });
  // The line's own facts: its \r ends the last piece; its exact bytes, when not UTF-8, go with the first.
  if (frame.crlf) events[events.length - 1]!.crlf = true;
  if (frame.invalidUtf8) {
    events[0]!.invalidUtf8 = true;
    events[0]!.bytes = frame.bytes;
  }
  return events;
}
