import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { REFRESH_MS, RefreshPacer } from '../../../../src/extension/messages/refreshPacer';

test('an idle window: a refresh every 250 ms, each fetched at once', () => {
  const pacer = new RefreshPacer();
  assert.equal(pacer.mayRefresh(), true);
  pacer.sent(1000);
  assert.equal(pacer.fetched(1004), false, 'nothing was held back');
  assert.equal(pacer.delay, REFRESH_MS);
  assert.equal(pacer.mayRefresh(), true);
});

test('a window slow to fetch: changes wait for the fetch, and the next refresh waits as long as it took', () => {
  const pacer = new RefreshPacer();
  pacer.sent(1000);
  assert.equal(pacer.mayRefresh(), false, 'the last refresh is not fetched yet');
  assert.equal(pacer.mayRefresh(), false);
  assert.equal(pacer.fetched(3500), true, 'changes were held back: flush again');
  assert.equal(pacer.delay, 2500);
  assert.equal(pacer.mayRefresh(), true);
  // The window caught up: the pace returns to four a second.
  pacer.sent(6000);
  assert.equal(pacer.fetched(6010), false);
  assert.equal(pacer.delay, REFRESH_MS);
});

test('a fetch VS Code makes on its own (the view shown again) holds nothing back and changes no pace', () => {
  const pacer = new RefreshPacer();
  assert.equal(pacer.fetched(5000), false);
  assert.equal(pacer.delay, REFRESH_MS);
});
