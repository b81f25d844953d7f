import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCase } from '../../../src/core/eval/agentLoop';
import type { EvalCase } from '../../../src/core/eval/evalFile';
import type { EvalModel, LoopMessage, ModelStep } from '../../../src/core/eval/model';
import { offeredTools } from '../../../src/core/eval/offeredTools';
import { McpClient } from '../../../src/core/session/client';
import { fixture } from '../transport/helpers';

/** A model that plays back steps and keeps what it was sent. */
function playback(steps: ModelStep[]): EvalModel & { seen: LoopMessage[][] } {
  const seen: LoopMessage[][] = [];
  return {
    id: 'test:playback',
    seen,
    step: async (messages) => {
      seen.push(structuredClone([...messages]));
      return steps[seen.length - 1];
    },
  };
}

const usage = { inputTokens: 3, outputTokens: 2 };
const echoCase: EvalCase = { name: 'echo', messages: [{ role: 'user', content: 'say hi' }], expect: { tool: 'echo' }, repeat: 1, maxSteps: 3, line: 1 };

test('each call runs on the real server, its result goes back, and the model lane sits beside the wire', async () => {
  const client = new McpClient(fixture('legacy-basic.mjs'));
  try {
    await client.connect();
    const tools = offeredTools(await client.listAll('tools/list'));
    const model = playback([
      { text: '', toolCalls: [{ id: 'c1', name: 'echo', args: { text: 'hi there' } }, { id: 'c2', name: 'shout', args: {} }], usage },
      { text: 'The server said hi there', toolCalls: [], usage },
    ]);
    const run = await runCase(echoCase, { client, model, tools, repetition: 1, allowDestructive: false, callTimeoutMs: 10_000 });
    assert.equal(run.stop, 'answer');
    assert.equal(run.answer, 'The server said hi there');
    assert.deepEqual(run.usage, { inputTokens: 6, outputTokens: 4 });
    assert.deepEqual(run.calls.map((c) => [c.name, c.offered, c.isError]), [['echo', true, false], ['shout', false, undefined]]);
    // The second step saw both results: the server's echo, and a host's answer to a made-up tool.
    const results = model.seen[1].at(-1);
    assert.ok(results?.role === 'tool');
    assert.equal(results.results[0].text, 'hi there');
    assert.match(results.results[1].text, /There is no tool named "shout"\. The tools are: echo, fail/);
    // Order in the trace: the prompt, the model's turn, its tools/call on the wire, the results, the answer.
    const lane = client.trace.events.filter((e) => e.kind === 'model' || (e.dir === 'c2s' && e.msg && 'method' in e.msg && e.msg.method === 'tools/call'));
    assert.deepEqual(lane.map((e) => (e.kind === 'model' ? `model:${String(e.info?.role)}` : 'wire:tools/call')), ['model:user', 'model:assistant', 'wire:tools/call', 'model:tool', 'model:assistant']);
    assert.match(lane[1].raw, /^test:playback echo #1 assistant: calls echo\(\{"text":"hi there"\}\); calls shout\(\{\}\) \[3 in, 2 out, \d+ ms\]$/);
  } finally {
    await client.close();
  }
});

test('the step limit ends a model that never stops calling', async () => {
  const client = new McpClient(fixture('legacy-basic.mjs'));
  try {
    await client.connect();
    const tools = offeredTools(await client.listAll('tools/list'));
    const again: ModelStep = { text: '', toolCalls: [{ id: 'c', name: 'echo', args: { text: 'x' } }], usage };
    const run = await runCase({ ...echoCase, maxSteps: 2 }, { client, model: playback([again, again, again]), tools, repetition: 1, allowDestructive: false, callTimeoutMs: 10_000 });
    assert.equal(run.stop, 'step-limit');
    assert.equal(run.error, 'no answer within 2 steps');
    assert.equal(run.calls.length, 2);
  } finally {
    await client.close();
  }
});
