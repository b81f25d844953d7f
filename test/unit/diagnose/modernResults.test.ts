import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { modernMeta, TraceBuilder } from './traceBuilder';

const rules = (t: TraceBuilder, ids: string[]) => diagnose(t.events).filter((d) => ids.includes(d.rule));
const CACHE = { ttlMs: 0, cacheScope: 'private' } as const;
const ASK = { resultType: 'input_required', inputRequests: { who: { method: 'roots/list', params: {} } } };
const OURS = ['result-type-missing', 'caching-hint-invalid', 'input-required-misplaced'];

test('a 2026-07-28 session with resultType, caching hints and input_required only on a tool call: none of the three rules', () => {
  const t = new TraceBuilder();
  t.modernSession({ tools: {}, resources: {} });
  t.request(2, 'tools/list', { _meta: modernMeta() });
  t.result(2, { resultType: 'complete', tools: [], ...CACHE });
  t.request(3, 'resources/read', { uri: 'a://b', _meta: modernMeta() });
  // The schema admits an InputRequiredResult on resources/read (ReadResourceResultResponse).
  t.result(3, ASK);
  t.request(4, 'tools/call', { name: 'x', arguments: {}, _meta: modernMeta() });
  t.result(4, ASK);
  assert.deepEqual(rules(t, OURS), []);
});

test('a missing resultType, ttlMs -1 with cacheScope "shared", and input_required on a list: one finding each, the answer cited first', () => {
  const t = new TraceBuilder();
  t.modernSession({ tools: {}, prompts: {} });
  const toolsList = t.request(2, 'tools/list', { _meta: modernMeta() });
  const noType = t.result(2, { tools: [], ...CACHE });
  t.request(3, 'prompts/list', { _meta: modernMeta() });
  const badHints = t.result(3, { resultType: 'complete', prompts: [], ttlMs: -1, cacheScope: 'shared' });
  t.request(4, 'prompts/list', { _meta: modernMeta(), cursor: 'c' });
  const asked = t.result(4, ASK);
  const found = rules(t, OURS);
  assert.deepEqual(
    found.map((d) => [d.rule, d.evidence[0]]),
    [
      ['result-type-missing', noType],
      ['caching-hint-invalid', badHints],
      ['input-required-misplaced', asked],
    ],
  );
  assert.deepEqual(found[0].evidence, [noType, toolsList]);
  assert.match(found[1].message, /"ttlMs" -1 \(an integer ≥ 0 is required\) and "cacheScope" "shared" \(only "public" or "private"\)/);
});

test('legacy results have neither resultType nor caching hints: no finding', () => {
  const t = new TraceBuilder();
  t.legacySession({ tools: {} });
  t.request(3, 'tools/list');
  t.result(3, { tools: [] });
  assert.deepEqual(rules(t, OURS), []);
});
