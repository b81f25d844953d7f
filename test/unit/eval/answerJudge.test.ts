import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judgeAnswer, judgeMessages, parseVerdict } from '../../../src/core/eval/answerJudge';
import type { EvalModel, ModelStep } from '../../../src/core/eval/model';

test('a verdict is one JSON object with "pass" or "fail" and a reason; a fence around it is allowed', () => {
  assert.deepEqual(parseVerdict('{"verdict":"pass","reason":"names Oslo"}'), { verdict: 'pass', reason: 'names Oslo' });
  assert.deepEqual(parseVerdict('```json\n{"verdict": "FAIL", "reason": "no city\\n at all"}\n```'), { verdict: 'fail', reason: 'no city at all' });
});

test('anything else is not a verdict: prose, a third verdict, no reason, two objects', () => {
  for (const text of ['PASS', 'Looks good to me', '{"verdict":"maybe","reason":"x"}', '{"verdict":"pass"}', '{"verdict":"pass","reason":"a"} {"verdict":"fail","reason":"b"}', 'The verdict: {"verdict":"pass","reason":"x"}', '']) {
    assert.equal(parseVerdict(text), undefined, text);
  }
});

test('the judge reads the criteria, the conversation with each call and result, and the answer apart', () => {
  const [system, user] = judgeMessages('Names the city.', [
    { role: 'user', text: 'Weather in Oslo?' },
    { role: 'assistant', text: '', toolCalls: [{ id: 'c1', name: 'get_forecast', args: { city: 'Oslo' } }] },
    { role: 'tool', results: [{ id: 'c1', name: 'get_forecast', text: 'rain', isError: false }] },
  ], 'Rain in Oslo.');
  assert.equal(system.role, 'system');
  assert.ok(user.role === 'user');
  assert.equal(user.text, 'Criteria:\nNames the city.\n\nConversation:\nuser: Weather in Oslo?\nassistant calls get_forecast({"city":"Oslo"})\nresult of get_forecast: rain\n\n<final_answer>\nRain in Oslo.\n</final_answer>');
});

const judgeSaying = (step: ModelStep | Error): EvalModel => ({ id: 'test:judge', step: async () => { if (step instanceof Error) throw step; return step; } });
const usage = { inputTokens: 7, outputTokens: 3 };

test('an unreadable answer, a tool call or a failing provider is reported as such, never as a pass; each is recorded', async () => {
  const recorded: string[] = [];
  const ctx = (judge: EvalModel, budget?: { left: number }) => ({ judge, ...(budget ? { budget } : {}), record: (t: { verdict: { verdict: string } }) => recorded.push(t.verdict.verdict) });
  const prose = await judgeAnswer('c', [], 'a', ctx(judgeSaying({ text: 'Sure, it passes.', toolCalls: [], usage })));
  assert.deepEqual([prose.verdict, prose.reason, prose.usage], ['unreadable', 'Sure, it passes.', usage]);
  const calls = await judgeAnswer('c', [], 'a', ctx(judgeSaying({ text: '', toolCalls: [{ id: 'x', name: 'lookup', args: {} }], usage })));
  assert.deepEqual([calls.verdict, calls.reason], ['unreadable', 'it called lookup instead of answering']);
  const failed = await judgeAnswer('c', [], 'a', ctx(judgeSaying(new Error('rate limited'))));
  assert.deepEqual([failed.verdict, failed.reason], ['error', 'the judge failed: rate limited']);
  const budget = { left: 20 };
  const pass = await judgeAnswer('c', [], 'a', ctx(judgeSaying({ text: '{"verdict":"pass","reason":"ok"}', toolCalls: [], usage }), budget));
  assert.deepEqual([pass.verdict, budget.left], ['pass', 10]);
  const capped = await judgeAnswer('c', [], 'a', ctx(judgeSaying({ text: '{"verdict":"pass","reason":"ok"}', toolCalls: [], usage }), { left: 0 }));
  assert.deepEqual([capped.verdict, capped.reason], ['error', 'the run reached --max-tokens before the judge']);
  assert.deepEqual(recorded, ['unreadable', 'unreadable', 'error', 'pass', 'error']);
});
