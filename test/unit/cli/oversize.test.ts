import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { buildCli, FIXTURES, NODE, report, runCli } from './helpers';

before(buildCli);

test('call whose answer is over the 64 MiB cap with result before id: fails at once, no timeout, no cancel, exit 1', async () => {
  // 65 MiB of text in `result`, `id` last, as the official TypeScript SDK serialises it.
  const run = await runCli(['call', 'huge', '--json', '--', NODE, `${FIXTURES}faults/oversize-result-first.mjs`]);
  assert.equal(run.code, 1);
  const r = report(run);
  assert.match(r.result.failed, /The response to tools\/call \(id \d+\) is \d+ bytes, over the client's line size cap; it was not read/);
  const oversize = r.events.find((e: any) => e.kind === 'oversize');
  assert.equal(typeof oversize.info.id, 'number');
  assert.ok(!r.events.some((e: any) => e.kind === 'timeout'), 'no timeout');
  assert.ok(!r.events.some((e: any) => e.msg?.method === 'notifications/cancelled'), 'no cancel for an answered request');
  const d = r.diagnostics.find((x: any) => x.rule === 'stray-stdout');
  assert.equal(d.severity, 'error');
  assert.match(d.message, /over the 64 MiB line cap.*It answered tools\/call "huge"/);
});
