/**
 * The load run both the CLI and the editor use, on a real SDK server: each call classified by
 * how it ended, the server's process sampled meanwhile (on Linux), and the limits said.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadTool } from '../../../src/core/load/loadTool';
import { McpClient } from '../../../src/core/session/client';

const DELAY = join(__dirname, '..', '..', 'fixtures', 'servers', 'fuzz', 'delay.mjs');

test('loadTool: tool errors counted by kind, the server sampled, the shared machine named', async () => {
  const client = new McpClient({ command: process.execPath, args: [DELAY] }, { clientInfo: { name: 'test', version: '0' }, requestTimeoutMs: 10_000, probeTimeoutMs: 3000 });
  try {
    await client.connect();
    const report = await loadTool(client, 'flaky', {}, { concurrency: 2, requests: 20 });
    assert.equal(report.result.requests, 20);
    assert.equal(report.result.ok, 10);
    assert.deepEqual(report.result.errors, { 'tool-error': 10 });
    assert.match(report.limits[0], /this machine's \d+ cores? over one stdio pipe/);
    // /proc on Linux, pidusage elsewhere: a live server is sampled on any platform this runs on.
    assert.equal(report.sampled, true);
    assert.ok(report.samples.length >= 1 && report.samples.every((s) => s.rssBytes > 1_000_000), JSON.stringify(report.samples));
    assert.ok(!report.limits.some((l) => /not be sampled/.test(l)));
  } finally {
    await client.close();
  }
});
