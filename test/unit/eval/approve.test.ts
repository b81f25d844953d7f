import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCase } from '../../../src/core/eval/agentLoop';
import type { EvalCase } from '../../../src/core/eval/evalFile';
import type { EvalModel, LoopMessage, ModelStep } from '../../../src/core/eval/model';
import { offeredTools } from '../../../src/core/eval/offeredTools';
import { McpClient } from '../../../src/core/session/client';
import { fixture } from '../transport/helpers';

// The editor's confirmation: an `approve` hook decides instead of --allow-destructive.
const usage = { inputTokens: 1, outputTokens: 1 };
const deleteCase: EvalCase = { name: 'delete', messages: [{ role: 'user', content: 'remove Oslo' }], expect: { tool: 'delete_city' }, repeat: 1, maxSteps: 3, line: 1 };

function model(signals: (AbortSignal | undefined)[], seen: LoopMessage[][]): EvalModel {
  const steps: ModelStep[] = [{ text: '', toolCalls: [{ id: 'c1', name: 'delete_city', args: { city: 'Oslo' } }], usage }, { text: 'done', toolCalls: [], usage }];
  return {
    id: 'test:delete',
    step: async (messages, _tools, signal) => {
      signals.push(signal);
      seen.push(structuredClone([...messages]));
      return steps[seen.length - 1];
    },
  };
}

const toolCalls = (client: McpClient) => client.trace.events.filter((e) => e.dir === 'c2s' && e.msg && 'method' in e.msg && e.msg.method === 'tools/call').length;

for (const approved of [false, true]) {
  test(`a destructive call the person ${approved ? 'approves runs' : 'declines is answered as refused and not sent'}; the loop's signal reaches the model`, async () => {
    const client = new McpClient(fixture('modern-metadata.mjs'));
    try {
      await client.connect();
      const tools = offeredTools(await client.listAll('tools/list'));
      const asked: string[] = [];
      const signals: (AbortSignal | undefined)[] = [];
      const seen: LoopMessage[][] = [];
      const abort = new AbortController();
      const run = await runCase(deleteCase, {
        client,
        model: model(signals, seen),
        tools,
        repetition: 1,
        allowDestructive: false,
        callTimeoutMs: 10_000,
        signal: abort.signal,
        approve: async (call, tool) => {
          asked.push(`${call.name}:${String(tool.annotations?.destructiveHint)}`);
          return approved;
        },
      });
      assert.deepEqual(asked, ['delete_city:true']);
      assert.equal(run.stop, 'answer');
      assert.equal(run.calls[0].declined, approved ? undefined : true);
      assert.equal(run.calls[0].blocked, undefined);
      assert.equal(toolCalls(client), approved ? 1 : 0);
      const results = seen[1].at(-1);
      assert.ok(results?.role === 'tool');
      if (!approved) assert.deepEqual([results.results[0].text, results.results[0].isError], ['The user declined to run delete_city; it was not run.', true]);
      assert.deepEqual(signals, [abort.signal, abort.signal]);
    } finally {
      await client.close();
    }
  });
}

test('a stopped run asks the model nothing more: the repetition ends before its step', async () => {
  const client = new McpClient(fixture('modern-metadata.mjs'));
  try {
    await client.connect();
    const tools = offeredTools(await client.listAll('tools/list'));
    const signals: (AbortSignal | undefined)[] = [];
    const abort = new AbortController();
    abort.abort();
    const run = await runCase(deleteCase, { client, model: model(signals, []), tools, repetition: 1, allowDestructive: false, callTimeoutMs: 10_000, signal: abort.signal });
    assert.deepEqual([run.stop, run.error, run.steps, signals.length], ['model-error', 'the run was stopped before this step', 0, 0]);
  } finally {
    await client.close();
  }
});
