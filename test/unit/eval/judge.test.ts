import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CallRecord, RunRecord } from '../../../src/core/eval/agentLoop';
import { judgeRun } from '../../../src/core/eval/judge';

const call = (name: string, args: unknown, offered = true): CallRecord => ({ name, args, offered, schemaErrors: [], unknownArgs: [] });
const run = (calls: CallRecord[], answer = 'It is 12°C in Oslo', stop: RunRecord['stop'] = 'answer'): RunRecord => ({ calls, answer, steps: calls.length + 1, usage: { inputTokens: 0, outputTokens: 0 }, modelMs: 0, durationMs: 0, stop });

test('arguments: partial, exact, by pattern and by JSON Schema, each failure naming the place', () => {
  const forecast = call('get_forecast', { city: 'Oslo', days: 3 });
  assert.deepEqual(judgeRun({ tool: 'get_forecast', args: { city: 'Oslo' } }, run([forecast])), []);
  assert.deepEqual(judgeRun({ tool: 'get_forecast', argsMatch: { equals: { city: 'Oslo' } } }, run([forecast])), ['get_forecast was called with the wrong arguments: /days is 3, which the case does not expect']);
  assert.deepEqual(judgeRun({ tool: 'get_forecast', args: { city: 'Oslo', units: 'celsius' } }, run([forecast])), ['get_forecast was called with the wrong arguments: /units is missing, expected "celsius"']);
  assert.deepEqual(judgeRun({ tool: 'get_forecast', argsMatch: { patterns: { city: '^O', days: '^[1-7]$' } } }, run([forecast])), []);
  assert.deepEqual(judgeRun({ tool: 'get_forecast', argsMatch: { schema: { properties: { days: { minimum: 5 } } } } }, run([forecast])), ['get_forecast was called with the wrong arguments: /days Must be ≥ 5 (the case\'s argsMatch.schema)']);
});

test('any call of the expected tool with the right arguments passes; a later right call counts', () => {
  assert.deepEqual(judgeRun({ anyOf: ['a', 'b'], args: { x: 1 } }, run([call('b', { x: 2 }), call('b', { x: 1 })])), []);
});

test('notTools, the answer, and a run that never answered', () => {
  assert.deepEqual(judgeRun({ notTools: ['delete'], answer: { contains: 'oslo', notContains: 'error', matches: '\\d+°C' } }, run([])), []);
  assert.deepEqual(judgeRun({ notTools: ['delete'], answer: { matches: '^Sunny' } }, run([call('delete', {})])), ['called delete, which this case must not call', 'the answer does not match /^Sunny/']);
  const stuck = { ...run([call('a', {})], ''), stop: 'step-limit' as const, error: 'no answer within 2 steps' };
  assert.deepEqual(judgeRun({ tool: 'a', answer: { contains: 'x' } }, stuck), ['no answer within 2 steps']);
});
