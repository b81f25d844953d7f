/**
 * The sweep: before drawing at random, a fuzz run sends one valid input and then every near
 * miss once, so a fault only one near miss reaches is found whatever the seed. The caller
 * stands in for a server and answers at once (as in hangs.test.ts): what is asserted is which
 * inputs a run sends, not how a process fails.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fuzzTool, type FuzzCaller } from '../../../src/core/fuzz/fuzzRun';
import { mutationsOf } from '../../../src/core/fuzz/fuzzInputs';
import type { CallOutcome, ListedTool } from '../../../src/core/fuzz/fuzzSession';
import type { Diagnostic } from '../../../src/core/diagnose/diagnostic';

const SCHEMA = {
  type: 'object',
  properties: {
    a: { type: 'number' },
    b: { type: 'number' },
    unit: { enum: ['c', 'f'] },
    days: { type: 'integer', minimum: 1, maximum: 14 },
    city: { type: 'string', minLength: 1, maxLength: 80 },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['a', 'b', 'city'],
  additionalProperties: false,
};
const TOOL: ListedTool = { name: 'forecast', inputSchema: SCHEMA };
const CLASSES = ['valid', ...mutationsOf(SCHEMA).map((m) => m.how)];

const CRASH: Diagnostic = { rule: 'crashed', severity: 'error', stage: 'flow', message: 'the server exited: RangeError: division by zero', evidence: [1, 2], retry: false, hint: '' };

function answering(crashesOn: (args: Record<string, unknown>) => boolean = () => false): FuzzCaller {
  return {
    async call(_tool, args): Promise<CallOutcome> {
      if (crashesOn(args)) return { end: 'crashed', failure: 'RangeError: division by zero', durationMs: 1, timeoutMs: 1000, diagnostics: [CRASH] };
      return { end: 'result', result: { content: [{ type: 'text', text: 'ok' }] }, durationMs: 1, timeoutMs: 1000, diagnostics: [] };
    },
  };
}

test(`a budget of exactly one call per input class (${CLASSES.length}) sends every class, in the listed order, whatever the seed`, async () => {
  assert.ok(CLASSES.length > 30, `${CLASSES.length} classes: too many for a random draw of as many calls to reach them all`);
  for (const seed of [1, 2, 3, 1218690238]) {
    const sent: string[] = [];
    await fuzzTool(TOOL, answering(), { runs: CLASSES.length, seed, allowDestructive: false, onCall: (_tool, input) => sent.push(input.how) });
    assert.deepEqual(sent, CLASSES, `seed ${seed}`);
  }
});

test('a fault only "b: zero" reaches is found in 40 calls with each of 20 seeds, its input shrunk to {a:0, b:0, city}', async () => {
  for (let seed = 1; seed <= 20; seed++) {
    const report = await fuzzTool(TOOL, answering((args) => args.b === 0 && typeof args.a === 'number'), { runs: 40, seed, allowDestructive: false });
    assert.equal(report.findings.length, 1, `seed ${seed}: ${report.calls} calls, no finding`);
    const [finding] = report.findings;
    assert.equal(finding!.rule, 'crashed');
    assert.equal(finding!.args.b, 0);
    assert.equal(finding!.args.a, 0, `seed ${seed}: the valid part shrinks too (${JSON.stringify(finding!.args)})`);
  }
});

test('a tool that fails on any input is found with a valid one, and shrinking keeps it valid (city stops at minLength 1)', async () => {
  const report = await fuzzTool(TOOL, answering(() => true), { runs: 10, seed: 9, allowDestructive: false });
  assert.deepEqual(report.findings.map((f) => [f.rule, f.how, f.valid]), [['crashed', 'valid', true]]);
  assert.equal((report.findings[0]!.args.city as string).length, 1);
});
