/**
 * Fuzzing that respects time, shown by counted calls (no clock): a caller that stands in for
 * a server whose tool hangs on text over 200 characters answers each call at once, saying
 * "hung" where the real server would have made the client wait out the deadline it was given.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic } from '../../../src/core/diagnose/diagnostic';
import { LearnedDeadline } from '../../../src/core/fuzz/deadline';
import { fuzzTool, type FuzzCaller } from '../../../src/core/fuzz/fuzzRun';
import type { CallOutcome, ListedTool } from '../../../src/core/fuzz/fuzzSession';
import { shrinkSizes } from '../../../src/core/fuzz/shrinkSizes';

const FULL_MS = 5000;
const TOOL: ListedTool = { name: 'save_note', inputSchema: { type: 'object', properties: { text: { type: 'string', maxLength: 5000 } }, required: ['text'] } };

function timeoutDiagnostic(afterMs: number): Diagnostic {
  return { rule: 'timeout', severity: 'error', stage: 'flow', message: `tools/call "save_note" got no response within ${afterMs} ms`, evidence: [1, 2], retry: false, hint: '' };
}

/** The stand-in server, and a record of every call's deadline and length. */
function hangsOverTwoHundred(latencyMs = 3): FuzzCaller & { calls: { timeoutMs: number; length: number; hung: boolean }[] } {
  const calls: { timeoutMs: number; length: number; hung: boolean }[] = [];
  return {
    calls,
    async call(_tool, args, opts): Promise<CallOutcome> {
      const timeoutMs = opts?.timeoutMs ?? FULL_MS;
      const text = typeof args.text === 'string' ? args.text : '';
      const hung = typeof args.text === 'string' && text.length > 200;
      calls.push({ timeoutMs, length: text.length, hung });
      if (hung) return { end: 'hung', failure: 'no response', durationMs: timeoutMs, timeoutMs, diagnostics: [timeoutDiagnostic(timeoutMs)] };
      return { end: 'result', result: { content: [{ type: 'text', text: 'saved' }] }, durationMs: latencyMs, timeoutMs, diagnostics: [] };
    },
  };
}

test('200 runs with hanging input classes: at most one full timeout per class, the rest at the learned deadline, the hang shrunk to 201 characters', async () => {
  const server = hangsOverTwoHundred();
  const report = await fuzzTool(TOOL, server, { runs: 200, seed: 4, allowDestructive: false, timeoutMs: FULL_MS });

  assert.deepEqual(report.findings.map((f) => [f.rule, f.end]), [['timeout', 'hung']]);
  const text = report.findings[0]!.args.text as string;
  assert.equal(text.length, 201, 'the smallest input that still hangs, not the 5,001-character near miss');
  assert.equal(report.findings[0]!.valid, true, '201 characters are within maxLength 5000');

  const hangs = report.hangs!;
  assert.ok(hangs.classes.length >= 2, `the near misses hang too: ${hangs.classes.join('; ')}`);
  const fullWaits = server.calls.filter((c) => c.hung && c.timeoutMs === FULL_MS).length;
  assert.equal(fullWaits, hangs.fullTimeouts);
  assert.ok(fullWaits <= hangs.classes.length, `${fullWaits} full timeouts for ${hangs.classes.length} classes`);
  // Learned: 10 × the 95th percentile of 3 ms is 30 ms, below the floor.
  assert.equal(hangs.deadlineMs, 500);
  const shortWaits = server.calls.filter((c) => c.hung && c.timeoutMs < FULL_MS);
  assert.ok(shortWaits.length > 0, 'shrinking waited the learned deadline');
  assert.ok(shortWaits.every((c) => c.timeoutMs === 500));
  assert.equal(report.calls + hangs.setAside, server.calls.length + hangs.setAside);
  assert.ok(server.calls.length + hangs.setAside >= 200, 'the budget of runs is spent');
});

test('the learned deadline follows the server: 10 × its 95th percentile, within the floor and the full timeout', () => {
  const d = new LearnedDeadline({ fullTimeoutMs: 5000 });
  assert.equal(d.for('valid'), 5000, 'a class that never hung waits the full timeout');
  d.timedOut('valid', 5000);
  assert.equal(d.for('valid'), 500, 'no answer seen yet: the floor');
  for (let i = 1; i <= 100; i++) d.answered(i);
  assert.equal(d.for('valid'), 950, 'the 95th of 1..100 ms is 95 ms, times 10');
  assert.equal(d.for('text: null'), 5000);
  d.timedOut('valid', 950);
  assert.equal(d.fullTimeouts, 1, 'a timeout at the learned deadline is not a full one');
  for (let i = 0; i < 100; i++) d.answered(4000);
  assert.equal(d.learned(), 5000, 'never above the full timeout');
  assert.equal(new LearnedDeadline({ fullTimeoutMs: 200 }).learned(), 200, 'a floor above the full timeout is the full timeout');
});

test('shrinkSizes bisects each string and array while the fault reproduces, and stays within its budget', async () => {
  let calls = 0;
  const reproduces = async (a: Record<string, unknown>) => {
    calls++;
    return (a.text as string).length > 200 && (a.tags as unknown[]).length >= 3;
  };
  const shrunk = await shrinkSizes({ tags: ['a', 'b', 'c', 'd', 'e', 'f'], text: 'y'.repeat(100_000), n: 7 }, reproduces, 60);
  assert.deepEqual({ ...shrunk.args, text: (shrunk.args.text as string).length }, { tags: ['', '', ''], text: 201, n: 7 }, 'the strings inside the array are cut too');
  assert.equal(shrunk.calls, calls);
  assert.ok(calls <= 17 + 3 + 2 * 3, `about log2 of each length (${calls} calls)`);
  const capped = await shrinkSizes({ text: 'y'.repeat(100_000) }, async (a) => (a.text as string).length > 200, 5);
  assert.equal(capped.calls, 5);
  assert.ok((capped.args.text as string).length > 200, 'what the budget allowed, still a reproduction');
});
