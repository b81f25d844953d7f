import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { pingProbe } from '../../../src/core/probe/ping';
import { PROBE_IDS, type Probe, type ProbeOutcome } from '../../../src/core/probe/probe';
import { PROBES } from '../../../src/core/probe/registry';
import { runProbes } from '../../../src/core/probe/runProbes';
import { McpClient } from '../../../src/core/session/client';
import { fixture } from '../transport/helpers';

const LISTED = { tools: [], resources: [], templates: [], prompts: [] };

/** What the HTTP probes look like to the runner over stdio. */
const sessionLike: Probe = { id: 'session', title: 'the session lifecycle', skip: (ctx) => (ctx.http ? undefined : 'stdio has no sessions'), run: () => Promise.reject(new Error('never run over stdio')) };
const throwing: Probe = { id: 'origin', title: 'a probe that cannot finish', skip: () => undefined, run: () => Promise.reject(new Error('the probe broke')) };

test('the runner: a skipped probe with its reason, a probe that throws failed (probe-failed), the next one still runs; one outcome event each', async () => {
  const client = new McpClient(fixture('probes/clean-legacy.mjs'));
  let outcomes: ProbeOutcome[];
  try {
    await client.connect();
    ({ outcomes } = await runProbes([sessionLike, throwing, pingProbe], { client, listed: LISTED, timeoutMs: 5000 }));
  } finally {
    await client.close();
  }
  assert.deepEqual(outcomes, [
    { probe: 'session', status: 'skipped', reason: 'stdio has no sessions' },
    { probe: 'origin', status: 'failed', reason: 'the probe broke' },
    { probe: 'ping', status: 'ran' },
  ]);
  const recorded = client.trace.events.filter((e) => e.kind === 'probe' && e.info?.outcome).map((e) => e.info!.outcome);
  assert.deepEqual(recorded, outcomes);
  const failed = diagnose(client.trace.events).filter((d) => d.rule === 'probe-failed');
  assert.equal(failed.length, 1);
  assert.match(failed[0].message, /^the origin probe \(a probe that cannot finish\) did not finish: the probe broke$/);
});

test('the registry: every probe once, each id one of PROBE_IDS, the stdio probes in the order check runs them', () => {
  const ids = PROBES.map((p) => p.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const id of ids) assert.ok((PROBE_IDS as readonly string[]).includes(id), id);
  const stdio = ['ping', 'logging', 'completion', 'resources-read', 'unknown-resource', 'prompts-get', 'subscribe', 'result-type', 'caching', 'input-required-placement', 'legacy-era', 'tasks', 'stateless'];
  assert.deepEqual(ids.filter((id) => stdio.includes(id)), stdio);
});
