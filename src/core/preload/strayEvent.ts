import type { NewTraceEvent } from '../trace/event';
import type { StrayRecord } from './record';
import { mapStack, type SourceFrame } from './sourceMap';
import { userFrame } from './stackFrames';

/**
 * The trace event for one side-channel record: meta 'stray-source', info {text, stack}.
 * The stack is mapped through source maps now, while the compiled files are on disk, so
 * the trace names the user's lines offline too (each mapped frame keeps `generated`).
 */
export function strayEvent(record: StrayRecord, options: { mapSources?: boolean } = {}): NewTraceEvent {
  const stack: SourceFrame[] = options.mapSources === false ? record.stack : mapStack(record.stack);
  const info: Record<string, unknown> = { text: record.text, stack };
  if (record.pid !== undefined) info.pid = record.pid;
  if (record.runtime) info.runtime = record.runtime;
  if (record.n !== undefined) info.n = record.n;
  if (record.t !== undefined) info.writtenAt = record.t;
  if (record.partial) info.partial = true;
  if (record.length !== undefined) info.length = record.length;
  const frame = userFrame(stack);
  const where = frame ? `${frame.file}:${frame.line}:${frame.column}` : 'an unknown place';
  return { dir: 'meta', kind: 'stray-source', raw: `stdout ${JSON.stringify(record.text)} was written at ${where}`, info };
}
