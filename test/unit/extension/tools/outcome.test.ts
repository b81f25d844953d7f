import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { McpClient } from '../../../../src/core/session/client';
import { checkOutput, outcomeLabel, outcomeOf, outcomeSentence } from '../../../../src/extension/tools/outcome';

const servers = join(import.meta.dirname, '../../../fixtures/servers');

/** A tools/call to a real fixture server, settled the way the tool runner settles it. */
async function call(fixture: string, tool: string, args: Record<string, unknown>, options: { timeoutMs?: number; abortAfterProgress?: boolean } = {}) {
  const client = new McpClient({ command: process.execPath, args: [join(servers, fixture)] }, { probeTimeoutMs: 1000 });
  try {
    await client.connect();
    const abort = new AbortController();
    const settled = await client
      .callTool(tool, args, { timeoutMs: options.timeoutMs, signal: abort.signal, onProgress: options.abortAfterProgress ? () => abort.abort('Cancelled by the user') : undefined })
      .then((result) => ({ result }), (error: unknown) => ({ error }));
    return { outcome: outcomeOf(settled, 12), client };
  } finally {
    await client.close();
  }
}

test('a result: ✓ and the latency', async () => {
  const { outcome } = await call('legacy-basic.mjs', 'echo', { text: 'hi' });
  assert.equal(outcome.kind, 'result');
  assert.equal(outcomeLabel(outcome), '✓ 12 ms');
  assert.equal(outcomeSentence(outcome), 'The tool answered in 12 ms. Wire latency: from writing the request line to reading its response line.');
});

test('isError: the tool ran and failed, which is not a protocol error', async () => {
  const { outcome } = await call('legacy-basic.mjs', 'fail', {});
  assert.ok(outcome.kind === 'result' && outcome.isError);
  assert.equal(outcomeLabel(outcome), 'isError 12 ms');
  assert.match(outcomeSentence(outcome), /ran and failed/);
});

test('a JSON-RPC error: its code on the lens, "never reached the tool" in words', async () => {
  const { outcome } = await call('legacy-basic.mjs', 'no-such-tool', {});
  assert.ok(outcome.kind === 'protocolError');
  assert.equal(outcome.code, -32602);
  assert.equal(outcomeLabel(outcome), '-32602 12 ms');
  assert.equal(outcomeSentence(outcome), 'The request never reached the tool: JSON-RPC -32602 Unknown tool: no-such-tool');
});

test('no answer in time: a timeout, and the server is told to stop (notifications/cancelled)', async () => {
  const { outcome, client } = await call('slow-progress.mjs', 'hang', {}, { timeoutMs: 300 });
  assert.equal(outcome.kind, 'timeout');
  assert.equal(outcomeLabel(outcome), 'timeout 12 ms');
  const cancelled = client.trace.events.find((e) => e.dir === 'c2s' && e.raw.includes('notifications/cancelled'));
  assert.ok(cancelled, 'notifications/cancelled was sent');
});

test('Cancel while progress arrives: cancelled, and notifications/cancelled names the request', async () => {
  const { outcome, client } = await call('slow-progress.mjs', 'slow', { steps: 50, intervalMs: 20 }, { abortAfterProgress: true });
  assert.equal(outcome.kind, 'cancelled');
  const line = client.trace.events.find((e) => e.dir === 'c2s' && e.raw.includes('notifications/cancelled'));
  assert.ok(line);
  assert.match(line.raw, /"reason":"Cancelled by the user"/);
});

test('structuredContent against the outputSchema: a match, a mismatch at the field, a missing one', () => {
  const schema = { type: 'object', properties: { value: { type: 'number' } }, required: ['value'] };
  assert.deepEqual(checkOutput(schema, { value: 3 }), { valid: true, errors: [] });
  const wrong = checkOutput(schema, { value: 'three' });
  assert.equal(wrong.valid, false);
  assert.equal(wrong.errors[0].path, '/value');
  assert.equal(checkOutput(schema, undefined).missing, true);
  const outcome = outcomeOf({ result: { content: [], structuredContent: { value: 'three' } } }, 5, schema);
  assert.equal(outcomeLabel(outcome), '✓ 5 ms · output ≠ outputSchema');
  // An isError result is not held to the outputSchema.
  const failed = outcomeOf({ result: { content: [], isError: true } }, 5, schema);
  assert.ok(failed.kind === 'result' && failed.output === undefined);
});

test('a tool the client refused (invalid x-mcp-header): not sent, with the reason', async () => {
  const { RejectedToolError } = await import('../../../../src/core/session/errors');
  const error = new RejectedToolError('MCP Lens will not call "score": its definition is invalid (…)', 'score');
  assert.deepEqual(outcomeOf({ error }, 3), { kind: 'notSent', message: error.message });
});
