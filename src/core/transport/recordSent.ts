import type { TraceEvent } from '../trace/event';
import type { Trace } from '../trace/trace';
import { lineEvent } from '../wire/lineEvent';
import type { JsonRpcMessage } from '../wire/message';
import { ownMessageKind } from '../wire/ownMessage';

/**
 * Records a line the client sends as its c2s event. With `message` (the value `line` is the
 * JSON text of) the line is not parsed again when the kind can be read from the value; the
 * event is the same either way (same kind, same `raw`, an equal `msg`).
 */
export function recordSent(trace: Trace, line: string, message?: JsonRpcMessage): TraceEvent {
  const kind = message === undefined ? undefined : ownMessageKind(message);
  return kind ? trace.appendOwnMessage('c2s', kind, line) : trace.append(lineEvent('c2s', line));
}
