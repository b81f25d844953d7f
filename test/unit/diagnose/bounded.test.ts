import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DiagnoseContext, SETTLED_KEEP } from '../../../src/core/diagnose/context';
import { DiagnosticsEngine } from '../../../src/core/diagnose/engine';
import type { TraceEvent } from '../../../src/core/trace/event';
import { lineEvent } from '../../../src/core/wire/lineEvent';

const PAIRS = 200_000;

/** A long session, one event at a time: `count` tools/call requests, each answered. */
function* session(count: number): Generator<TraceEvent> {
  let seq = 0;
  const event = (dir: 'c2s' | 's2c', msg: unknown): TraceEvent => {
    seq += 1;
    return { ...lineEvent(dir, JSON.stringify(msg)), seq, t: 1_700_000_000_000 + seq };
  };
  yield event('c2s', { jsonrpc: '2.0', id: 'early', method: 'tools/call', params: { name: 'slow', arguments: {} } });
  for (let id = 1; id <= count; id++) {
    yield event('c2s', { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'forecast', arguments: { city: 'Lima', days: 3 }, _meta: { progressToken: `p${id}` } } });
    yield event('s2c', { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'Lima: 18 °C' }] } });
  }
}

test('a long session keeps at most SETTLED_KEEP answered requests, and never forgets a pending one', () => {
  const ctx = new DiagnoseContext();
  let n = 0;
  for (const e of session(PAIRS)) {
    ctx.update(e);
    // The settled ones, the one never answered, and at most one in flight.
    if (++n % 10_000 === 0) assert.ok(ctx.requests.size <= SETTLED_KEEP + 2, `after ${n} events: ${ctx.requests.size} requests`);
  }
  // The newest SETTLED_KEEP answered requests, plus the one still waiting for its answer.
  assert.equal(ctx.requests.size, SETTLED_KEEP + 1);
  assert.equal(ctx.requestsBySeq.size, SETTLED_KEEP + 1);
  assert.equal(ctx.progressTokens.size, SETTLED_KEEP);
  assert.equal(ctx.settledCount, SETTLED_KEEP);
  assert.deepEqual(ctx.pending().map((r) => r.id), ['early']);
  assert.equal(ctx.requestFor(PAIRS - SETTLED_KEEP), undefined, 'the oldest answered requests are forgotten');
  // An answered request keeps what describing it needs (the tool name), not its arguments.
  assert.deepEqual(ctx.requestFor(PAIRS)?.params, { name: 'forecast', _meta: {} });
  assert.deepEqual(ctx.requestFor('early')?.params, { name: 'slow', arguments: {} });
});

test('after 200 000 answered requests a duplicate response to a recent id is still reported', () => {
  const engine = new DiagnosticsEngine();
  let seq = 0;
  let firstAnswer = 0;
  for (const e of session(PAIRS)) {
    engine.feed(e);
    seq = e.seq;
    if (e.dir === 's2c' && (e.msg as { id?: unknown }).id === PAIRS - 5) firstAnswer = e.seq;
  }
  const dup = { ...lineEvent('s2c', JSON.stringify({ jsonrpc: '2.0', id: PAIRS - 5, result: { content: [] } })), seq: seq + 1, t: 1_700_000_000_000 + seq + 1 };
  const found = engine.feed(dup);
  assert.deepEqual(
    found.map((d) => [d.rule, d.message, d.evidence]),
    [
      [
        'duplicate-response',
        `tools/call "forecast" (id ${PAIRS - 5}) was answered again (first answer at seq ${firstAnswer}); a request gets exactly one response`,
        [firstAnswer, seq + 1],
      ],
    ],
  );
});
