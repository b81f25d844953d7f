import { randomUUID } from 'node:crypto';
import type { ProbeId } from './probe';

const PREFIX = 'mcp-lens-probe-';

/** A probe's raw request's id: never one the client's own requests use (those are numbers). */
export function probeRequestId(probe: ProbeId): string {
  return `${PREFIX}${probe}-${randomUUID().slice(0, 8)}`;
}

/** Whether `id` is one probeRequestId made: a raw request its probe judges, and its answer. */
export function isProbeRequestId(id: unknown): boolean {
  return typeof id === 'string' && id.startsWith(PREFIX);
}
