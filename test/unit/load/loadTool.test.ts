/**
 * The load run both the CLI and the editor use, on a real SDK server: each call classified by
 * how it ended, the server's process sampled meanwhile (on Linux), and the limits said; over
 * Streamable HTTP the same calls, and the server said not to be sampled (its process is not ours).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadTool } from '../../../src/core/load/loadTool';
import { McpClient } from '../../../src/core/session/client';
import { HTTP, TRANSPORTS } from '../transport/transports';

const DELAY = join(__dirname, '..', '..', 'fixtures', 'servers', 'fuzz', 'delay.mjs');

for (const t of TRANSPORTS) {
  test(`loadTool over ${t.name}: tool errors counted by kind, the server sampled (stdio) or said not to be (HTTP), the limits named`, async () => {
    const client = new McpClient(await t.spec(DELAY), { clientInfo: { name: 'test', version: '0' }, requestTimeoutMs: 10_000, probeTimeoutMs: 3000 });
    try {
      await client.connect();
      const report = await loadTool(client, 'flaky', {}, { concurrency: 2, requests: 20 });
      assert.equal(report.result.requests, 20);
      assert.equal(report.result.ok, 10);
      assert.deepEqual(report.result.errors, { 'tool-error': 10 });
      if (t === HTTP) {
        assert.match(report.limits[0], /the server is remote \(--url\): every latency includes the network/);
        assert.equal(report.sampled, false);
        assert.deepEqual(report.samples, []);
        assert.ok(report.limits.includes("the server's CPU and memory are not sampled for a remote server: memory-growth is not judged"), report.limits.join('\n'));
        return;
      }
      assert.match(report.limits[0], /this machine's \d+ cores? over one stdio pipe/);
      // /proc on Linux, pidusage elsewhere: a live server is sampled on any platform this runs on.
      assert.equal(report.sampled, true);
      assert.ok(report.samples.length >= 1 && report.samples.every((s) => s.rssBytes > 1_000_000), JSON.stringify(report.samples));
      assert.ok(!report.limits.some((l) => /not be sampled/.test(l)));
    } finally {
      await client.close();
    }
  });
}
