import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { buildCli, FIXTURES, finish, NODE, startCli } from './helpers';

before(buildCli);

test('a reader that goes away (check … | head) does not crash the CLI: the run finishes with its own exit code', async () => {
  const child = startCli(['check', '--', NODE, `${FIXTURES}faults/banner-stdout.mjs`]);
  // Like `head -1`: read the first chunk, then close the pipe.
  child.stdout.once('data', () => child.stdout.destroy());
  const run = await finish(child, undefined, 60_000);
  assert.doesNotMatch(run.stderr, /EPIPE|Unhandled 'error'/);
  // The banner is a stray-stdout error: exit 1, as with a reader that stays.
  assert.equal(run.code, 1);
});
