import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DiagnosticsEngine, MAX_PER_RULE, diagnose } from '../../../src/core/diagnose/engine';
import { TraceBuilder } from './traceBuilder';

const MORE = /^…and (\d+) more like this \(the trace has them all\)$/;

test('a flood of banner errors is capped with one summary that counts the rest', () => {
  const t = new TraceBuilder();
  for (let i = 0; i < 500; i++) t.s2c(`log line ${i}`);
  const ds = diagnose(t.events).filter((d) => d.rule === 'stray-stdout');
  assert.equal(ds.length, MAX_PER_RULE + 1);
  const summary = ds.at(-1)!;
  assert.equal(summary.severity, 'error');
  assert.equal(summary.message.match(MORE)?.[1], String(500 - MAX_PER_RULE));
  // Points at the first line it stands for.
  assert.deepEqual(summary.evidence, [MAX_PER_RULE + 1]);
});

test('an oversize-line error after 60 banner lines is still reported', () => {
  const t = new TraceBuilder();
  for (let i = 0; i < 60; i++) t.s2c(`banner ${i}`);
  const big = t.add({ dir: 's2c', kind: 'oversize', raw: '{"jsonrpc":"2.0","id":1,"result":{"x":"', info: { bytes: 50 * 1024 * 1024 } });
  const ds = diagnose(t.events).filter((d) => d.rule === 'stray-stdout');
  // The banners are errors too, capped at MAX_PER_RULE; the oversize finding is capped apart.
  const oversize = ds.filter((d) => d.evidence.includes(big));
  assert.equal(oversize.length, 1);
  assert.equal(oversize[0]!.severity, 'error');
  assert.match(oversize[0]!.message, /over the .* line cap/);
  assert.equal(ds.filter((d) => MORE.test(d.message)).length, 1);
  assert.equal(ds.length, MAX_PER_RULE + 2);
});

test('live: the summary is reported once, its count updated in place, and suppressed counts per rule', () => {
  const t = new TraceBuilder();
  for (let i = 0; i < MAX_PER_RULE + 10; i++) t.s2c(`noise ${i}`);
  const engine = new DiagnosticsEngine();
  const reported = t.events.flatMap((e) => engine.feed(e));
  reported.push(...engine.end());
  const summaries = reported.filter((d) => MORE.test(d.message));
  assert.equal(summaries.length, 1);
  assert.match(summaries[0]!.message, /…and 10 more/);
  assert.equal(engine.all.filter((d) => MORE.test(d.message))[0], summaries[0]);
  assert.deepEqual([...engine.suppressed], [['stray-stdout', 10]]);
});

test('under the cap there is no summary and nothing suppressed', () => {
  const t = new TraceBuilder();
  for (let i = 0; i < MAX_PER_RULE; i++) t.s2c(`noise ${i}`);
  const engine = new DiagnosticsEngine();
  for (const e of t.events) engine.feed(e);
  engine.end();
  assert.equal(engine.all.length, MAX_PER_RULE);
  assert.equal(engine.suppressed.size, 0);
});
