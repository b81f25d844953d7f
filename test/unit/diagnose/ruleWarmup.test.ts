// The made-up Start the rules first run on (ruleWarmup.ts): a clean legacy Start, so the warm-up
// runs the rules' usual path for a server that does nothing wrong, and proves nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
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
