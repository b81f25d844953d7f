import type { TraceEvent } from '../../trace/event';
import { usageOf } from '../../trace/usageNote';
import type { Rule } from '../rule';

/** One reading of the server's memory, with how many tools/call had been sent before it. */
export interface MemoryPoint {
  seq: number;
  rssBytes: number;
  calls: number;
  /** The seq of the newest tools/call request sent before the reading. */
  lastCallSeq: number | undefined;
  /** That request's id and tool, to name it in the message. */
  lastCall?: { id: unknown; tool: string };
}

export interface MemoryGrowth {
  from: MemoryPoint;
  to: MemoryPoint;
  growthBytes: number;
  perCallBytes: number;
}

/** Fewer readings than this say nothing about a trend. */
const MIN_POINTS = 6;
/** A clear leak, far above what a heap settling in or a garbage collector's timing moves. */
const MIN_GROWTH_BYTES = 32 * 2 ** 20;
const MIN_PER_CALL_BYTES = 256 * 2 ** 10;

/**
 * Memory that grew across the run and stayed grown: the last quarter of the readings all sit
 * above every reading of the first quarter, the median grew by at least 32 MiB, and by at
 * least 256 KiB per call made in between. A server whose memory rises and falls back with the
 * garbage collector, or settles after its first calls, meets none of this.
 */
export function memoryGrowthOf(points: readonly MemoryPoint[]): MemoryGrowth | undefined {
  if (points.length < MIN_POINTS) return undefined;
  const quarter = Math.max(2, Math.floor(points.length / 4));
  const first = points.slice(0, quarter);
  const last = points.slice(-quarter);
  if (Math.min(...last.map((p) => p.rssBytes)) <= Math.max(...first.map((p) => p.rssBytes))) return undefined;
  const from = median(first);
  const to = median(last);
  const calls = to.calls - from.calls;
  const growthBytes = to.rssBytes - from.rssBytes;
  if (calls <= 0 || growthBytes < MIN_GROWTH_BYTES || growthBytes / calls < MIN_PER_CALL_BYTES) return undefined;
  return { from, to, growthBytes, perCallBytes: growthBytes / calls };
}

function median(points: readonly MemoryPoint[]): MemoryPoint {
  return [...points].sort((a, b) => a.rssBytes - b.rssBytes)[Math.floor((points.length - 1) / 2)];
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/** ` (read after tools/call "remember" id 4, then after id 39)`: the calls the two readings followed. */
function between(g: MemoryGrowth): string {
  const a = g.from.lastCall;
  const b = g.to.lastCall;
  if (!a || !b) return '';
  const name = (c: { tool: string }) => (c.tool.length > 60 ? `${c.tool.slice(0, 59)}…` : c.tool);
  return ` (read after tools/call "${name(a)}" id ${JSON.stringify(a.id)}, then after ${b.tool === a.tool ? '' : `"${name(b)}" `}id ${JSON.stringify(b.id)})`;
}

/**
 * The server's resident memory, read between the calls of a run MCP Lens drives (fuzz, load:
 * the usage notes in the trace), grew with the calls and did not come back: something is kept
 * per call. Judged at the end of the trace, per server process.
 */
export const memoryGrowth: Rule = {
  id: 'memory-growth',
  stage: 'flow',
  severity: 'warning',
  on: ['c2s-request', 'meta'],
  onEvent(e: TraceEvent, ctx) {
    const state = ctx.stateOf('memory-growth', () => ({
      calls: 0,
      lastCallSeq: undefined as number | undefined,
      lastCall: undefined as MemoryPoint['lastCall'],
      byPid: new Map<number, MemoryPoint[]>(),
    }));
    if (e.dir === 'c2s' && e.msg && 'method' in e.msg && e.msg.method === 'tools/call') {
      state.calls++;
      state.lastCallSeq = e.seq;
      const params = (e.msg as { params?: { name?: unknown } }).params;
      state.lastCall = { id: 'id' in e.msg ? e.msg.id : undefined, tool: String(params?.name ?? '') };
      return;
    }
    const usage = usageOf(e);
    if (!usage) return;
    const points = state.byPid.get(usage.pid) ?? [];
    points.push({ seq: e.seq, rssBytes: usage.rssBytes, calls: state.calls, lastCallSeq: state.lastCallSeq, lastCall: state.lastCall });
    state.byPid.set(usage.pid, points);
  },
  onEnd(ctx, report) {
    const state = ctx.stateOf('memory-growth', () => ({ byPid: new Map<number, MemoryPoint[]>() }));
    for (const [pid, points] of state.byPid) {
      const g = memoryGrowthOf(points);
      if (!g) continue;
      const calls = g.to.calls - g.from.calls;
      report({
        message: `the server process (pid ${pid}) grew from ${mib(g.from.rssBytes)} to ${mib(g.to.rssBytes)} resident over ${calls} tools/call${between(g)}, about ${mib(g.perCallBytes)} per call, and did not come back down`,
        // The call before the first reading and the newest call before the last, then the two readings.
        evidence: [
          ...(g.from.lastCallSeq !== undefined ? [g.from.lastCallSeq] : []),
          ...(g.to.lastCallSeq !== undefined ? [g.to.lastCallSeq] : []),
          g.from.seq,
          g.to.seq,
        ],
        hint: 'Something is kept per call and never released: a cache or map without a bound, listeners or timers added per call, a growing array. Compare two heap snapshots taken a few calls apart (node --inspect, the Memory tab; tracemalloc in Python).',
      });
    }
  },
};
