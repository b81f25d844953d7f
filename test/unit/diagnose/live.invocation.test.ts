import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProtocolError } from '../../../src/core/session/client';
import { find, rejection, runFault } from './liveFault';

test('live invalid-params: names the field and the permitted values', async () => {
  const run = await runFault('invalid-params.mjs', async (c) => {
    await c.connect();
    await c.listAll('tools/list');
    const err = await rejection(c.callTool('calc', { op: 'mul', a: 1, b: 2 }));
    assert.ok(err instanceof ProtocolError && err.code === -32602);
  });
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'invalid-params');
  assert.equal(d.stage, 'invocation');
  assert.match(d.message, /tools\/call "calc"/);
  assert.match(d.message, /field "op"/);
  assert.match(d.message, /permitted: add, sub/);
  assert.equal(d.evidence.length, 2);
});

test('live tool-error: isError is reported as info, not an error', async () => {
  const run = await runFault('tool-error.mjs', async (c) => {
    await c.connect();
    const result = await c.callTool('echo', { text: 'Atlantis' });
    assert.equal(result.isError, true);
  });
  const d = find(run.offline, 'tool-error');
  assert.equal(d.severity, 'info');
  assert.match(d.message, /City "Atlantis" not found/);
  assert.equal(run.offline.filter((x) => x.severity === 'error').length, 0);
});

test('live domain-error-as-protocol-error: -32603 for an upstream failure', async () => {
  const run = await runFault('tool-failure-as-protocol-error.mjs', async (c) => {
    await c.connect();
    await rejection(c.callTool('echo', { text: 'x' }));
  });
  const d = find(run.offline, 'domain-error-as-protocol-error');
  assert.match(d.message, /-32603 "Weather API unavailable \(HTTP 503\)"/);
  assert.match(d.hint, /isError: true/);
});

test('live output-schema-mismatch: a string where the outputSchema wants a number', async () => {
  const run = await runFault('output-schema-mismatch.mjs', async (c) => {
    await c.connect();
    await c.listAll('tools/list');
    await c.callTool('weather', { city: 'Paris' });
  });
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'output-schema-mismatch');
  assert.match(d.message, /"temperature" must be number/);
  assert.equal(d.severity, 'error');
});
