import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProtocolError } from '../../../src/core/session/errors';
import { probeEra } from '../../../src/core/session/probe';

/** A discover that fails with -32022 naming `supported` the first `refusals` times, then answers. */
function discover(supported: string[], refusals: number) {
  const asked: string[] = [];
  return {
    asked,
    fn: async (version: string) => {
      asked.push(version);
      if (asked.length <= refusals) throw new ProtocolError(-32022, 'Unsupported protocol version', { supported, requested: version }, 0, 'server/discover');
      return { supportedVersions: supported, capabilities: { tools: {} } };
    },
  };
}

test('-32022 listing the very version refused: retried once with it ("select a mutually supported version and retry")', async () => {
  const d = discover(['2026-07-28'], 1);
  const outcome = await probeEra({ discover: d.fn, modernVersions: ['2026-07-28'] });
  assert.deepEqual(d.asked, ['2026-07-28', '2026-07-28']);
  assert.equal(outcome.era, 'modern');
  assert.match(outcome.reason, /after -32022 \(retried with 2026-07-28\)/);
});

test('a server that refuses the version it lists every time: one retry, then connect fails (no loop)', async () => {
  const d = discover(['2026-07-28'], Infinity);
  await assert.rejects(probeEra({ discover: d.fn, modernVersions: ['2026-07-28'] }), (err: unknown) => {
    assert.ok(err instanceof ProtocolError);
    assert.equal(err.code, -32022);
    return true;
  });
  assert.deepEqual(d.asked, ['2026-07-28', '2026-07-28']);
});
