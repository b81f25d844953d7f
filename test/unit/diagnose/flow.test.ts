import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { TraceBuilder, only } from './traceBuilder';

const progress = (token: number, value: number) => ({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: value } });

test('progress-not-increasing: a lower value than the one before', () => {
  const t = new TraceBuilder();
  t.legacySession();
  t.request(3, 'tools/call', { name: 'slow', arguments: {}, _meta: { progressToken: 3 } });
  const p1 = t.s2c(progress(3, 50));
  const p2 = t.s2c(progress(3, 20));
  t.result(3, { content: [] });
  const [d, ...rest] = only(diagnose(t.events), 'progress-not-increasing');
  assert.equal(rest.length, 0);
  assert.deepEqual(d.evidence, [p1, p2]);
  assert.equal(d.stage, 'flow');
  assert.match(d.message, /from 50 to 20/);
  assert.match(d.message, /tools\/call "slow" \(id 3\)/);
});

test('progress-not-increasing: progress after the request completed', () => {
  const t = new TraceBuilder();
  t.legacySession();
  t.request(3, 'tools/call', { name: 'slow', arguments: {}, _meta: { progressToken: 'tok' } });
  const done = t.result(3, { content: [] });
  const late = t.s2c({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'tok', progress: 100 } });
  const [d] = only(diagnose(t.events), 'progress-not-increasing');
  assert.deepEqual(d.evidence, [done, late]);
  assert.match(d.message, /after .* had completed/);
});

test('message-after-cancel: a response after notifications/cancelled', () => {
  const t = new TraceBuilder();
  t.legacySession();
  t.request(3, 'tools/call', { name: 'slow', arguments: {} });
  const cancel = t.notify('notifications/cancelled', { requestId: 3, reason: 'user' });
  const late = t.result(3, { content: [] });
  const ds = diagnose(t.events);
  const [d] = only(ds, 'message-after-cancel');
  assert.deepEqual(d.evidence, [cancel, late]);
  assert.match(d.message, /tools\/call "slow" \(id 3\)/);
  assert.equal(only(ds, 'duplicate-response').length, 0);
  assert.equal(only(ds, 'unknown-response-id').length, 0);
});

test('pagination-loop: a nextCursor that comes back', () => {
  const t = new TraceBuilder();
  t.legacySession();
  t.request(3, 'tools/list');
  const p1 = t.result(3, { tools: [], nextCursor: 'page2' });
  t.request(4, 'tools/list', { cursor: 'page2' });
  t.result(4, { tools: [], nextCursor: 'page3' });
  t.request(5, 'tools/list', { cursor: 'page3' });
  const p3 = t.result(5, { tools: [], nextCursor: 'page2' });
  const [d] = only(diagnose(t.events), 'pagination-loop');
  assert.deepEqual(d.evidence, [p1, p3]);
  assert.equal(d.severity, 'error');
  assert.match(d.message, /"page2"/);
});

test('pagination-loop: an empty-string cursor is a cursor; a fresh listing starts over', () => {
  const t = new TraceBuilder();
  t.legacySession();
  t.request(3, 'tools/list');
  t.result(3, { tools: [], nextCursor: '' });
  t.request(4, 'tools/list', { cursor: '' });
  t.result(4, { tools: [] });
  t.request(5, 'tools/list');
  t.result(5, { tools: [], nextCursor: '' });
  assert.equal(only(diagnose(t.events), 'pagination-loop').length, 0);
});

test('pagination-loop: two overlapping listings of one method (a list_changed refresh) are two chains, not a loop', () => {
  const t = new TraceBuilder();
  t.legacySession();
  // The first listing's first page, then a refresh's first page before the first listing goes on.
  t.request(3, 'tools/list');
  t.result(3, { tools: [], nextCursor: 'p2' });
  t.request(4, 'tools/list');
  t.result(4, { tools: [], nextCursor: 'p2' });
  t.request(5, 'tools/list', { cursor: 'p2' });
  t.request(6, 'tools/list', { cursor: 'p2' });
  // The refresh's page 2 is answered first; then each listing goes on to p3 and its end.
  t.result(6, { tools: [], nextCursor: 'p3' });
  t.result(5, { tools: [], nextCursor: 'p3' });
  t.request(7, 'tools/list', { cursor: 'p3' });
  t.request(8, 'tools/list', { cursor: 'p3' });
  t.result(7, { tools: [] });
  t.result(8, { tools: [] });
  assert.deepEqual(only(diagnose(t.events), 'pagination-loop'), []);
});

test('pagination-loop: a loop inside one of two overlapping listings is still found', () => {
  const t = new TraceBuilder();
  t.legacySession();
  t.request(3, 'tools/list');
  t.request(4, 'tools/list');
  t.result(4, { tools: [], nextCursor: 'b2' });
  const a2 = t.result(3, { tools: [], nextCursor: 'a2' });
  t.request(5, 'tools/list', { cursor: 'a2' });
  t.request(6, 'tools/list', { cursor: 'b2' });
  t.result(6, { tools: [] });
  t.result(5, { tools: [], nextCursor: 'a3' });
  t.request(7, 'tools/list', { cursor: 'a3' });
  const back = t.result(7, { tools: [], nextCursor: 'a2' });
  const [d] = only(diagnose(t.events), 'pagination-loop');
  assert.deepEqual(d.evidence, [a2, back]);
  assert.match(d.message, /"a2", which an earlier page of the same listing/);
});

test('timeout: cites the request and the timeout event', () => {
  const t = new TraceBuilder();
  t.legacySession();
  const req = t.request(3, 'tools/call', { name: 'hang', arguments: {} });
  const to = t.meta('timeout', { id: 3, method: 'tools/call', afterMs: 500 });
  t.notify('notifications/cancelled', { requestId: 3 });
  const [d] = only(diagnose(t.events), 'timeout');
  assert.deepEqual(d.evidence, [req, to]);
  assert.match(d.message, /tools\/call "hang" \(id 3\) got no response within 500 ms/);
  assert.equal(d.retry, false);
});

test('timeout after progress: says the handler reported and never finished, citing its last progress', () => {
  const t = new TraceBuilder();
  t.legacySession();
  const req = t.request(3, 'tools/call', { name: 'count', arguments: { steps: 1e308 }, _meta: { progressToken: 3 } });
  t.s2c(progress(3, 1));
  const last = t.s2c(progress(3, 2));
  const to = t.meta('timeout', { id: 3, method: 'tools/call', afterMs: 500 });
  t.notify('notifications/cancelled', { requestId: 3 });
  const [d, ...rest] = only(diagnose(t.events), 'timeout');
  assert.equal(rest.length, 0);
  assert.deepEqual(d.evidence, [req, last, to]);
  assert.match(d.message, /tools\/call "count" \(id 3\) got no response within 500 ms, though it reported progress 2 times \(the last at seq \d+\)/);
  assert.match(d.hint, /does not finish/);
});
