import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canSubscribe, watchVia } from '../../../src/core/resources/subscriptions';

test('Watch goes by era: legacy resources/subscribe, 2026-07-28 subscriptions/listen, only where resources.subscribe is declared', () => {
  const subscribe = { resources: { subscribe: true } };
  assert.equal(watchVia({ era: 'legacy', capabilities: subscribe }), 'subscribe');
  assert.equal(watchVia({ era: 'modern', capabilities: subscribe }), 'listen');
  assert.equal(watchVia({ era: 'modern', capabilities: { resources: {} } }), undefined);
  assert.equal(watchVia({ era: 'legacy', capabilities: { resources: { subscribe: 'yes' } } }), undefined);
  assert.equal(watchVia(undefined), undefined);
  // resources/subscribe itself is gone in 2026-07-28.
  assert.equal(canSubscribe({ era: 'modern', capabilities: subscribe }), false);
});
