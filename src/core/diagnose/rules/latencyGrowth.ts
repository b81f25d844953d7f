import type { TraceEvent } from '../../trace/event';
import { usageOf } from '../../trace/usageNote';
import type { Rule } from '../rule';

/** One tools/call that succeeded: when it was sent and how long its answer took. */
export interface TimedCall {
  tool: string;
  id: unknown;
  requestSeq: number;
  responseSeq: number;
  ms: number;
}

export interface LatencyGrowth {
  tool: string;
  from: TimedCall;
  to: TimedCall;
  calls: number;
}

/** Fewer answered calls of one tool than this say nothing about a trend. */
const MIN_CALLS = 12;
/** Far above what scheduling noise moves: three times slower, and by 50 ms at least. */
const MIN_RATIO = 3;
const MIN_SLOWER_MS = 50;
/**
 * How far along the way from the first quarter's median to the last's the middle half's median
 * must be: a linear growth puts it halfway, a quadratic a third, a cubic a fifth; a busy moment
 * at the run's end (a loaded machine stalling the last calls) puts it at the start.
 */
const MIN_MIDDLE_SHARE = 1 / 8;

/**
 * Calls of one tool that got slower with the run and stayed slow: the last quarter's calls
 * took longer than the first quarter's (all but the fastest quarter of the last, than all but
 * the slowest quarter of the first), the median three times as long and 50 ms longer at least.
 * A tool whose time depends on its input meets none of this across a quarter of the calls; a
 * machine busy for a moment (one slow early call, one quick late one) does not hide a trend.
 * And the middle half of the calls is on the way too: work that grows with what the server
 * keeps grows call by call, where a machine busy as the run ends slows only its last calls
 * (CI: 24 calls of a constant 40 ms, the last six at 120 ms and more).
 */
export function latencyGrowthOf(calls: readonly TimedCall[]): LatencyGrowth | undefined {
  if (calls.length < MIN_CALLS) return undefined;
  const quarter = Math.floor(calls.length / 4);
  const first = calls.slice(0, quarter);
  const last = calls.slice(-quarter);
  if (lowerQuartile(last) <= upperQuartile(first)) return undefined;
  const from = median(first);
  const to = median(last);
  if (to.ms < from.ms * MIN_RATIO || to.ms - from.ms < MIN_SLOWER_MS) return undefined;
  const middle = median(calls.slice(quarter, calls.length - quarter));
  if (middle.ms - from.ms < (to.ms - from.ms) * MIN_MIDDLE_SHARE) return undefined;
  return { tool: from.tool, from, to, calls: calls.length };
}

function median(calls: readonly TimedCall[]): TimedCall {
  return [...calls].sort((a, b) => a.ms - b.ms)[Math.floor((calls.length - 1) / 2)];
}

/** The time a quarter of the calls took at most (nearest rank). */
function lowerQuartile(calls: readonly TimedCall[]): number {
  return [...calls].sort((a, b) => a.ms - b.ms)[Math.floor((calls.length - 1) / 4)].ms;
}

/** The time a quarter of the calls took at least (nearest rank). */
function upperQuartile(calls: readonly TimedCall[]): number {
  return [...calls].sort((a, b) => b.ms - a.ms)[Math.floor((calls.length - 1) / 4)].ms;
}

const ms = (v: number) => `${Math.round(v * 10) / 10} ms`;

/**
 * In a run MCP Lens drives (fuzz, load: the trace holds its usage notes), the calls of one
 * tool took longer and longer: work that grows with what the server has kept (a list scanned
 * per call, a cache searched linearly). A session a person drives is not judged: their calls
 * differ in what they ask.
 */
export const latencyGrowth: Rule = {
  id: 'latency-growth',
  stage: 'flow',
  severity: 'warning',
  on: ['c2s-request', 's2c-response', 'meta'],
  onEvent(e: TraceEvent, ctx) {
    const state = ctx.stateOf('latency-growth', () => ({
      driven: false,
      pending: new Map<string, { tool: string; id: unknown; seq: number; t: number }>(),
      byTool: new Map<string, TimedCall[]>(),
    }));
    if (usageOf(e)) {
      state.driven = true;
      return;
    }
    const msg = e.msg as { id?: unknown; method?: unknown; params?: { name?: unknown }; result?: unknown } | undefined;
    if (!msg || msg.id === undefined) return;
    const key = JSON.stringify(msg.id);
    if (e.dir === 'c2s' && msg.method === 'tools/call') {
      state.pending.set(key, { tool: String(msg.params?.name ?? ''), id: msg.id, seq: e.seq, t: e.t });
      return;
    }
    const sent = e.dir === 's2c' ? state.pending.get(key) : undefined;
    if (!sent) return;
    state.pending.delete(key);
    // A refusal (a protocol error, or an isError result: often an input rejected before the work) takes no time worth comparing.
    if (!('result' in msg) || (msg.result as { isError?: unknown } | undefined)?.isError === true) return;
    const calls = state.byTool.get(sent.tool) ?? [];
    calls.push({ tool: sent.tool, id: sent.id, requestSeq: sent.seq, responseSeq: e.seq, ms: e.t - sent.t });
    state.byTool.set(sent.tool, calls);
  },
  onEnd(ctx, report) {
    const state = ctx.stateOf('latency-growth', () => ({ driven: false, byTool: new Map<string, TimedCall[]>() }));
    if (!state.driven) return;
    for (const calls of state.byTool.values()) {
      const g = latencyGrowthOf(calls);
      if (!g) continue;
      const name = g.tool.length > 60 ? `${g.tool.slice(0, 59)}…` : g.tool;
      report({
        message: `tools/call "${name}" got slower over the run's ${g.calls} successful calls: ${ms(g.from.ms)} at id ${JSON.stringify(g.from.id)}, ${ms(g.to.ms)} at id ${JSON.stringify(g.to.id)}, the last quarter's calls slower than the first quarter's`,
        evidence: [g.from.requestSeq, g.from.responseSeq, g.to.requestSeq, g.to.responseSeq],
        hint: 'The work per call grows with what the server has kept: a list scanned or copied on each call, a cache searched linearly, listeners piling up. Profile two calls far apart (node --cpu-prof, py-spy) and compare.',
      });
    }
  },
};
