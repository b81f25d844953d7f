// The made-up Start the rules first run on (ruleWarmup.ts): a clean legacy Start, so the warm-up
// runs the rules' usual path for a server that does nothing wrong, and proves nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { diagnose } from '../../../src/core/diagnose/engine';
import { madeUpStart } from '../../../src/core/diagnose/ruleWarmup';

test('the made-up Start is a legacy Start with nothing wrong in it', () => {
  const events = madeUpStart();
  assert.deepEqual(
    events.map((e) => `${e.dir} ${e.kind} ${(e.msg as { method?: string } | undefined)?.method ?? ''}`.trim()),
    [
      'meta spawned',
      'c2s request server/discover',
      's2c response',
      'c2s request initialize',
      's2c response',
      'c2s notification notifications/initialized',
      'c2s request tools/list',
      's2c response',
    ],
  );
  assert.deepEqual(diagnose(events), []);
});

test('warmDiagnostics loads, once, the validators a first Start checks its probe and a legacy initialize with', () => {
  // A fresh process: the validators stay loaded for the life of one.
  const script = `
    const { warmDiagnostics } = require(${JSON.stringify(require.resolve('../../../src/core/diagnose/engine'))});
    const loaded = () => Object.keys(require.cache).filter((k) => /\\d{4}-\\d{2}-\\d{2}-\\w+\\.js$/.test(k)).map((k) => k.split(/[\\\\/]/).pop()).sort();
    const before = loaded();
    warmDiagnostics();
    const after = loaded();
    warmDiagnostics();
    console.log(JSON.stringify({ before, after, again: loaded() }));
  `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.status, 0, run.stderr);
  const { before, after, again } = JSON.parse(run.stdout.trim());
  assert.deepEqual(before, []);
  // The modern probe (server/discover with its _meta) and the newest legacy version's handshake.
  assert.deepEqual(after, ['2025-11-25-first.js', '2026-07-28-probe.js']);
  assert.deepEqual(again, after);
});
