// A restart after a probe killed the server: the new run writes on in the same trace and keeps
// the previous run's findings (the probe-failed that explains the restart), with their evidence.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import type { NewTraceEvent } from '../../../../src/core/trace/event';
import { Trace } from '../../../../src/core/trace/trace';
import { LiveSession } from '../../../../src/extension/diagnostics/liveSession';

const line = (raw: string): NewTraceEvent => ({ dir: 's2c', kind: 'stray', raw });

test('a carried session shows the previous run\'s findings and their evidence; a plain restart does not', () => {
  const trace = new Trace();
  const first = new LiveSession('k', 'demo', { values: [] }, { trace });
  const stray = trace.append(line('listening on 3000')).seq;
  const found = first.diagnostics.find((d) => d.evidence.includes(stray));
  assert.ok(found, `the first run flags the stray line: ${first.diagnostics.map((d) => d.rule).join(', ')}`);
  first.dispose();

  const carried = new LiveSession('k', 'demo', { values: [] }, { trace, carry: first });
  assert.deepEqual(carried.diagnostics.map((d) => d.rule), [found.rule]);
  assert.equal(carried.event(stray)?.raw, 'listening on 3000');
  trace.append(line('second banner'));
  assert.equal(carried.diagnostics.length, 2, 'its own findings come after the carried ones');

  const fresh = new LiveSession('k', 'demo', { values: [] }, { trace });
  assert.equal(fresh.diagnostics.length, 0, 'a dev-loop restart diagnoses only its own run');
});
