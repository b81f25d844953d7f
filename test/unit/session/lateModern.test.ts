// The decision after a probe timeout, with its effects injected: initialize, or a late
// modern answer that wins (and abandons the initialize).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ServerInfo } from '../../../src/core/session/client';
import { initializeUnlessLateModern, LateProbeAnswer, type LateModernDeps } from '../../../src/core/session/lateModern';

const DISCOVER = { jsonrpc: '2.0' as const, id: 1, result: { supportedVersions: ['2026-07-28'], capabilities: { tools: {} } } };
const NOT_FOUND = { jsonrpc: '2.0' as const, id: 1, error: { code: -32601, message: 'Method not found' } };
const LEGACY: ServerInfo = { era: 'legacy', protocolVersion: '2025-06-18', capabilities: {} };

function deps(late: LateProbeAnswer, initialize: LateModernDeps['initialize']): LateModernDeps & { abandoned: [number, string][]; initializeCalls: number } {
  const d = {
    late,
    abandoned: [] as [number, string][],
    initializeCalls: 0,
    initialize: (onId: (id: number) => void) => {
      d.initializeCalls += 1;
      return initialize(onId);
    },
    abandon: (id: number, reason: string) => void d.abandoned.push([id, reason]),
    probe: () => Promise.reject(new Error('not expected')),
    modernVersions: ['2026-07-28'],
  };
  return d;
}

test('a DiscoverResult that came before the decision: no initialize at all, modern', async () => {
  const late = new LateProbeAnswer('2026-07-28');
  late.deliver({ response: DISCOVER, seq: 7 });
  const d = deps(late, () => Promise.resolve(LEGACY));
  const outcome = await initializeUnlessLateModern(d);
  assert.equal(d.initializeCalls, 0);
  assert.ok('modern' in outcome && outcome.modern.era === 'modern');
  assert.match(outcome.modern.reason, /seq 7\) after the probe had timed out/);
});

test('a DiscoverResult while initialize waits: initialize is abandoned at once, modern wins', async () => {
  const late = new LateProbeAnswer('2026-07-28');
  let rejectInitialize!: (e: Error) => void;
  const d = deps(late, (onId) => {
    onId(2);
    return new Promise<ServerInfo>((_, reject) => (rejectInitialize = reject));
  });
  d.abandon = (id, reason) => {
    d.abandoned.push([id, reason]);
    rejectInitialize(new Error('abandoned'));
  };
  const deciding = initializeUnlessLateModern(d);
  late.deliver({ response: DISCOVER, seq: 9 });
  assert.deepEqual(d.abandoned.map(([id]) => id), [2], 'abandoned as the answer is read, not later');
  const outcome = await deciding;
  assert.ok('modern' in outcome && outcome.modern.era === 'modern' && outcome.modern.info.capabilities.tools);
});

test('a late error that is not modern (-32601) changes nothing: the legacy handshake completes', async () => {
  const late = new LateProbeAnswer('2026-07-28');
  let resolveInitialize!: (info: ServerInfo) => void;
  const d = deps(late, () => new Promise<ServerInfo>((resolve) => (resolveInitialize = resolve)));
  const deciding = initializeUnlessLateModern(d);
  late.deliver({ response: NOT_FOUND, seq: 5 });
  resolveInitialize(LEGACY);
  assert.deepEqual(await deciding, { legacy: LEGACY });
  assert.deepEqual(d.abandoned, []);
});
