import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RunRecord } from '../../../../src/core/eval/agentLoop';
import { recordTurn } from '../../../../src/core/eval/modelTurn';
import { scoreCase } from '../../../../src/core/eval/score';
import { wilson } from '../../../../src/core/eval/wilson';
import { Trace } from '../../../../src/core/trace/trace';
import { caseLocations, failurePlace } from '../../../../src/extension/evals/caseLocations';
import { withDeclined } from '../../../../src/extension/evals/declined';
import { caseTurns, transcriptLines } from '../../../../src/extension/evals/transcript';
import { rowData } from '../../../../src/extension/messages/present';

const FILE = `// comments move lines
{
  "server": "weather",
  "cases": [
    {
      "name": "right pick",
      "prompt": "Oslo?",
      "expect": {
        "tool": "get_forecast",
        "args": { "city": "Oslo" },
        "notTools": ["delete_city"],
        "answer": { "contains": "Oslo" }
      }
    },
    { "name": "no expect", "prompt": "hi" }
  ]
}`;

test('each case is placed at its name, and each failure at the expectation it broke', () => {
  const places = caseLocations(FILE);
  const right = places.get('right pick')!;
  assert.deepEqual(right.name, { line: 5, character: 14 });
  const line = (failure: string) => failurePlace(failure, right)!.line + 1;
  assert.equal(line('expected a call to get_forecast; the model called get_weather'), 9);
  assert.equal(line('get_forecast was called with the wrong arguments: /city is "Bergen", expected "Oslo"'), 10);
  assert.equal(line('called delete_city, which this case must not call'), 11);
  assert.equal(line('the answer does not contain "Oslo"'), 12);
  assert.equal(line('no answer within 8 steps'), 6, 'a run without an answer is the case\'s');
  assert.deepEqual(places.get('no expect'), { name: { line: 14, character: 14 }, expect: {} });
  assert.equal(failurePlace('expected a call to x', places.get('no expect'))!.line, 14);
});

const run = (calls: RunRecord['calls']): RunRecord => ({ calls, answer: 'ok', steps: 2, usage: { inputTokens: 1, outputTokens: 1 }, modelMs: 1, durationMs: 2, stop: 'answer' });
const deleteCall = (declined: boolean) => ({ name: 'delete_city', args: {}, offered: true, schemaErrors: [], unknownArgs: [], ...(declined ? { declined: true } : {}) });

test('a repetition whose call the person declined fails, saying so; the others keep their outcome', () => {
  const c = { name: 'delete', messages: [], expect: { tool: 'delete_city' }, repeat: 3, maxSteps: 3, line: 1 };
  const runs = [run([deleteCall(true)]), run([deleteCall(false)]), run([])];
  const score = withDeclined(scoreCase(c, runs), runs);
  assert.deepEqual([score.passes, score.runs], [1, 3]);
  assert.deepEqual(score.failures, [
    { repetition: 1, messages: ['called delete_city, which you declined to run; it was not run'] },
    { repetition: 3, messages: ['expected a call to delete_city; the model called no tool'] },
  ]);
  assert.deepEqual(score.interval, wilson(1, 3));
  const clean = scoreCase(c, [runs[1]]);
  assert.equal(withDeclined(clean, [runs[1]]), clean, 'nothing declined: the score as it was');
});

test('the transcript reads the model lane of the trace: prompt, calls with arguments, results, answer, cost; control characters written out', () => {
  const trace = new Trace();
  const turn = (t: Omit<Parameters<typeof recordTurn>[1], 'model' | 'case'>, name = 'right pick') => recordTurn(trace, { model: 'copilot:gpt', case: name, ...t });
  turn({ repetition: 1, role: 'user', text: 'Weather in Oslo?' }, 'earlier case');
  const before = trace.events.at(-1)!.seq;
  turn({ repetition: 1, role: 'user', text: 'Weather in Oslo?' });
  turn({ repetition: 1, role: 'assistant', text: '', toolCalls: [{ id: 'c1', name: 'get_forecast', args: { city: 'Oslo' } }], usage: { inputTokens: 10, outputTokens: 5 }, latencyMs: 12.4 });
  turn({ repetition: 1, role: 'tool', results: [{ id: 'c1', name: 'get_forecast', text: 'Sunny\u001b]0;owned\u0007\nline two', isError: false }] });
  turn({ repetition: 1, role: 'assistant', text: 'Sunny in Oslo', toolCalls: [], usage: { inputTokens: 30, outputTokens: 5 } });
  turn({ repetition: 1, role: 'judge', judgeModel: 'copilot:gpt', verdict: 'pass', reason: 'names Oslo', usage: { inputTokens: 50, outputTokens: 9 } });
  turn({ repetition: 2, role: 'assistant', error: 'rate limited' });
  const lines = transcriptLines(caseTurns(trace.events, 'right pick', before));
  assert.equal(lines[0], '── right pick · repetition 1 · copilot:gpt ──');
  assert.equal(lines[1], 'user: Weather in Oslo?');
  assert.equal(lines[2], 'model calls get_forecast {"city":"Oslo"}  [10 in, 5 out, 12 ms]');
  assert.doesNotMatch(lines[3], /\u001b|\u0007/);
  assert.match(lines[3], /^ {2}↳ get_forecast: Sunny.*owned.*\r\n {4}line two$/);
  assert.equal(lines[4], 'model: Sunny in Oslo  [30 in, 5 out]');
  assert.equal(lines[5], 'judge (copilot:gpt): pass: names Oslo  [50 in, 9 out]');
  assert.deepEqual(lines.slice(6), ['── right pick · repetition 2 · copilot:gpt ──', 'model: failed: rate limited']);
});

test('Messages view: a model turn is a row of its own, by role, the case and repetition beside it', () => {
  const trace = new Trace();
  recordTurn(trace, { model: 'copilot:gpt', case: 'right pick', repetition: 2, role: 'assistant', text: '', toolCalls: [{ id: 'c', name: 'get_forecast', args: { city: 'Oslo' } }], usage: { inputTokens: 3, outputTokens: 1 } });
  recordTurn(trace, { model: 'copilot:gpt', case: 'right pick', repetition: 2, role: 'assistant', error: 'quota' });
  const [call, failed] = trace.events.map((event) => rowData({ type: 'meta', id: `m${event.seq}`, seq: event.seq, event }));
  assert.equal(call.label, 'model: calls get_forecast({"city":"Oslo"}) [3 in, 1 out]');
  assert.equal(call.description, 'copilot:gpt · right pick #2');
  assert.equal(call.icon, 'sparkle');
  assert.equal(failed.label, 'model: error: quota');
  assert.equal(failed.icon, 'error');
});
