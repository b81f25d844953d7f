// Offline = live, through a file: a recorded trace written as *.mcptrace.jsonl and read back
// gives the same diagnostics, citing the same seq numbers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import type { McpClient } from '../../../src/core/session/client';
import { parseTraceText, serializeEvent } from '../../../src/core/trace/jsonl';
import { rejection, runFault } from './liveFault';

const sessions: [string, (c: McpClient) => Promise<unknown>][] = [
  ['glued-ready.mjs', async (c) => (await c.connect(), c.listAll('tools/list'))],
  ['pretty-printed.mjs', async (c) => (await c.connect(), c.listAll('tools/list'))],
  ['invalid-utf8.mjs', async (c) => (await c.connect(), c.callTool('echo', { text: 'x' }))],
  ['crash-on-call.mjs', async (c) => (await c.connect(), rejection(c.callTool('echo', { text: 'x' })))],
  ['empty-capabilities-resources-read.mjs', async (c) => (await c.connect(), rejection(c.request('resources/read', { uri: 'file:///a' })))],
  ['output-schema-mismatch.mjs', async (c) => (await c.connect(), await c.listAll('tools/list'), c.callTool('weather', {}))],
];

for (const [fixture, drive] of sessions) {
  test(`${fixture}: the diagnostics of the trace file equal the live ones`, async () => {
    const run = await runFault(fixture, drive);
    assert.ok(run.live.length > 0);
    const file = run.events.map(serializeEvent).join('\n') + '\n';
    const { events, problems } = parseTraceText(file);
    assert.deepEqual(problems, []);
    assert.deepEqual(diagnose(events), run.live);
  });
}
