import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCli } from '../../../src/cli/args';
import { clientOptions } from '../../../src/cli/commands/session';

// The CLI's waits by default, proven once here so that tests of slow and silent servers can
// bound theirs with --timeout (check.test.ts's legacy-silent case waits 1.5 s, not 13 s).
test('check without --timeout: requests 30 s; a stdio server gets 3 s for server/discover once it has spoken and 10 s of silence at most', () => {
  const args = parseCli(['check', '--', 'node', 'server.mjs']);
  assert.equal(args.name, 'check');
  const { timeoutMs, server } = args as unknown as { timeoutMs: number; server: Parameters<typeof clientOptions>[0] };
  assert.equal(timeoutMs, 30_000);
  const options = clientOptions(server, timeoutMs);
  assert.deepEqual([options.requestTimeoutMs, options.probeTimeoutMs, options.probeMaxWaitMs], [30_000, 3000, 10_000]);
});

test('--timeout lower than the defaults bounds server/discover too', () => {
  const args = parseCli(['check', '--timeout', '1500', '--', 'node', 'server.mjs']) as unknown as { timeoutMs: number; server: Parameters<typeof clientOptions>[0] };
  const options = clientOptions(args.server, args.timeoutMs);
  assert.deepEqual([options.requestTimeoutMs, options.probeTimeoutMs, options.probeMaxWaitMs], [1500, 1500, 1500]);
});
