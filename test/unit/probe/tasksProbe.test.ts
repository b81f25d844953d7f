// check's tasks probe against the corpus's task server: nothing on the conforming one, one
// verdict per fault, each naming the code SEP-2663 asks for; skipped where the extension is absent.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import type { ProbeContext } from '../../../src/core/probe/probe';
import { tasksProbe } from '../../../src/core/probe/tasks';
import { McpClient } from '../../../src/core/session/client';
import { startHttpFixture } from '../transport/httpHelpers';

async function probed(t: { after(fn: () => Promise<void>): void }, fixture: string, args: string[] = []): Promise<{ skipped?: string; messages: string[] }> {
  const server = await startHttpFixture(fixture, args);
  t.after(() => server.stop());
  const client = new McpClient({ url: server.url }, { requestTimeoutMs: 5000 });
  t.after(() => client.close());
  const info = await client.connect();
  const ctx: ProbeContext = { client, info, http: { url: server.url, headers: {} }, listed: { tools: [], resources: [], templates: [], prompts: [] }, timeoutMs: 5000 };
  const skipped = tasksProbe.skip(ctx);
  if (skipped) return { skipped, messages: [] };
  await tasksProbe.run(ctx);
  return { messages: diagnose(client.trace.events).filter((d) => d.rule === 'task-request-mishandled').map((d) => d.message) };
}

test('a conforming task server: the probe finds nothing', async (t) => {
  assert.deepEqual(await probed(t, '../corpus/tasks.mjs'), { messages: [] });
});

test('each fault: one verdict naming the request and the code asked for', async (t) => {
  const expected: Record<string, RegExp> = {
    'tasks-result-kept': /^tasks\/result \(a 2025-11-25 method the extension removed\) was answered with error -32602; SEP-2663 asks for -32601$/,
    'tasks-list-kept': /^tasks\/list .* was answered with a result; SEP-2663 asks for -32601$/,
    'unknown-task-wrong-code': /^tasks\/get for the unknown taskId "mcp-lens-probe-nonexistent-task" was answered with error -32603; SEP-2663 asks for -32602$/,
    'ungated-task-methods': /^tasks\/get from a request that did not declare io\.modelcontextprotocol\/tasks was answered with error -32602; SEP-2663 asks for -32021$/,
    'task-name-header-ignored': /^tasks\/get with Mcp-Name "mcp-lens-probe-nonexistent-task-other" for params\.taskId "mcp-lens-probe-nonexistent-task" was answered HTTP 200; .*HTTP 400 and -32020/,
  };
  for (const [fault, message] of Object.entries(expected)) {
    const { messages } = await probed(t, '../corpus/tasks.mjs', ['--fault', fault]);
    assert.equal(messages.length, 1, `${fault}: ${messages.join('; ')}`);
    assert.match(messages[0], message);
  }
});

test('a 2026-07-28 server without the extension: skipped, saying why', async (t) => {
  const { skipped } = await probed(t, 'mrtr-confirm.mjs');
  assert.equal(skipped, 'the server does not advertise io.modelcontextprotocol/tasks');
});
