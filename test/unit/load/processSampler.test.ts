/**
 * The server's memory as both readers see it: /proc on Linux, and pidusage (the fallback
 * elsewhere), run here on the same process. A child holding 64 MiB must show at least that.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { test } from 'node:test';
import { ProcessSampler, type SampleSource } from '../../../src/core/load/processSampler';

const HOLD = 64 * 2 ** 20;

for (const source of ['proc', 'pidusage'] as SampleSource[]) {
  test(`ProcessSampler (${source}): a process holding 64 MiB is sampled at 64 MiB or more`, { skip: source === 'proc' && !existsSync('/proc/self/stat') ? 'no /proc here' : false }, async () => {
    const child = spawn(process.execPath, ['-e', `globalThis.held = Buffer.alloc(${HOLD}, 1); console.log('ready'); setInterval(() => {}, 1000);`], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await once(child.stdout, 'data');
      const sampler = new ProcessSampler(child.pid!, performance.now(), source);
      sampler.start(50);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sampler.stop();
      assert.ok(sampler.samples.length >= 2, `${sampler.samples.length} samples`);
      for (const s of sampler.samples) {
        assert.ok(s.rssBytes >= HOLD, `${s.rssBytes} bytes resident`);
        assert.ok(s.cpuPercent >= 0);
      }
      assert.ok(sampler.samples.every((s, i) => i === 0 || s.atMs >= sampler.samples[i - 1].atMs), 'in time order');
    } finally {
      child.kill();
    }
  });
}

test('ProcessSampler: a process that is gone gives no samples (the report then says it was not sampled)', async () => {
  const child = spawn(process.execPath, ['-e', '0']);
  await once(child, 'exit');
  const sampler = new ProcessSampler(child.pid!, performance.now());
  sampler.start(20);
  await new Promise((resolve) => setTimeout(resolve, 100));
  await sampler.stop();
  assert.deepEqual(sampler.samples, []);
});
