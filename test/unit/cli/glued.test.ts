import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { buildCli, FIXTURES, NODE, report, runCli } from './helpers';

before(buildCli);

test('call on a server that glues its answer and a notification on one line: the answer is printed, glued-output fails the run', async () => {
  const run = await runCli(['call', 'echo', '--args', '{"text":"hi"}', '--', NODE, `${FIXTURES}faults/glued-two-messages.mjs`]);
  assert.equal(run.stdout, 'hi\n');
  assert.equal(run.code, 1);
  assert.match(run.stderr, /✗ error {3}glued-output \[framing\]\n {4}One stdout line held 2 messages with no newline between them\. MCP Lens recovered response \(id \d+\), notification notifications\/message\./);
  assert.doesNotMatch(run.stderr, /timeout/);
});

test('call on a server that writes text after its answer: the answer is printed, the text named, --fail-on never exits 0', async () => {
  const run = await runCli(['call', 'echo', '--args', '{"text":"hi"}', '--json', '--', NODE, `${FIXTURES}faults/trailing-text.mjs`]);
  assert.equal(run.code, 1);
  const r = report(run);
  assert.deepEqual(r.result, { content: [{ type: 'text', text: 'hi' }] });
  const d = r.diagnostics.find((x: any) => x.rule === 'glued-output');
  assert.match(d.message, /kept as text: " \(sent\)"/);
  // Every piece is in the report's events, so the line can be rebuilt from them.
  const pieces = r.events.filter((e: any) => e.piece);
  assert.equal(pieces.map((e: any) => (e.glued ?? '') + e.raw).join(''), `${pieces[0].raw} (sent)`);
  const never = await runCli(['call', 'echo', '--args', '{"text":"hi"}', '--fail-on', 'never', '--', NODE, `${FIXTURES}faults/trailing-text.mjs`]);
  assert.equal(never.code, 0, never.stderr);
});
