import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeToolScore, toolScore, toolsNamed, type CaseResult } from '../../../src/core/eval/toolScores';

const result = (name: string, tools: string[], passes: number, runs: number, at: number): CaseResult => ({ id: `file:///w/a.mcpeval.json#${name}`, file: 'a.mcpeval.json', name, tools, passed: passes === runs, passes, runs, at });

test('a case names the tool it expects, any of several, and those it forbids, each once', () => {
  assert.deepEqual(toolsNamed({ tool: 'get_forecast', notTools: ['delete', 'get_forecast'] }), ['get_forecast', 'delete']);
  assert.deepEqual(toolsNamed({ anyOf: ['a', 'b'] }), ['a', 'b']);
  assert.deepEqual(toolsNamed({ answer: { contains: 'x' } }), []);
});

test('a tool\'s score adds up the cases that name it: cases passed, repetitions passed, the newest run', () => {
  const results = [result('right', ['get_forecast'], 2, 2, 100), result('wrong', ['get_forecast'], 0, 2, 300), result('schema', ['get_forecast'], 1, 1, 200), result('refusal', ['get_forecast', 'delete'], 2, 2, 150), result('convert', ['convert'], 2, 2, 400)];
  const score = toolScore(results, 'get_forecast')!;
  assert.deepEqual(score, { cases: 4, casesPassed: 3, runs: 7, passes: 5, at: 300, ids: ['right', 'wrong', 'schema', 'refusal'].map((n) => `file:///w/a.mcpeval.json#${n}`) });
  assert.equal(describeToolScore(score), 'evals: 3/4 cases · 5/7 runs (71%)');
  assert.equal(describeToolScore({ ...score, cases: 4, casesPassed: 3, runs: 12, passes: 11 }), 'evals: 3/4 cases · 11/12 runs (92%)');
  assert.equal(toolScore(results, 'delete')?.cases, 1);
});

test('no case names the tool: no score', () => {
  assert.equal(toolScore([result('convert', ['convert'], 2, 2, 1)], 'get_air_quality'), undefined);
  assert.equal(toolScore([], 'x'), undefined);
});
