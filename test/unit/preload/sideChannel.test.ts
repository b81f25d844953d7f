import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { StrayRecord } from '../../../src/core/preload/record';
import { createSideChannelPath, readSideChannel, removeSideChannel } from '../../../src/core/preload/sideChannel';

const frame = { file: '/srv/index.js', line: 3, column: 9 };

/** Resolves when `seen` holds `count` records; the deadline only bounds a failing test. */
function waitFor(seen: readonly StrayRecord[], count: number, deadlineMs = 10_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  return new Promise((resolve, reject) => {
    const check = (): void => {
      if (seen.length >= count) resolve();
      else if (Date.now() > deadline) reject(new Error(`only ${seen.length} of ${count} records arrived`));
      else setTimeout(check, 20);
    };
    check();
  });
}

describe('readSideChannel', () => {
  it('delivers records as they are appended, including one split across writes', async () => {
    const file = createSideChannelPath();
    const seen: StrayRecord[] = [];
    const reader = readSideChannel(file, (record) => seen.push(record));
    try {
      fs.appendFileSync(file, JSON.stringify({ text: 'ready', stack: [frame], pid: 7, runtime: 'node', n: 1 }) + '\n');
      await waitFor(seen, 1);
      const second = JSON.stringify({ text: 'bye', stack: [], partial: true }) + '\n';
      fs.appendFileSync(file, second.slice(0, 10));
      await reader.drain();
      assert.equal(seen.length, 1, 'half a record is not a record');
      fs.appendFileSync(file, second.slice(10));
      await waitFor(seen, 2);
      assert.deepEqual(seen, [
        { text: 'ready', stack: [frame], pid: 7, runtime: 'node', n: 1 },
        { text: 'bye', stack: [], partial: true },
      ]);
    } finally {
      reader.dispose();
      removeSideChannel(file);
    }
  });

  it('skips lines that are not records and survives a throwing listener', async () => {
    const file = createSideChannelPath();
    fs.writeFileSync(file, ['not json', '{"text":1,"stack":[]}', JSON.stringify({ text: 'a', stack: [frame, { file: 'x' }] }), JSON.stringify({ text: 'b', stack: [] }), ''].join('\n'));
    const seen: string[] = [];
    const told: unknown[] = [];
    const reader = readSideChannel(
      file,
      (record) => {
        seen.push(record.text);
        if (record.text === 'a') throw new Error('listener bug');
        assert.deepEqual(record.stack, []);
      },
      { onListenerError: (error) => told.push(error) },
    );
    try {
      await reader.drain();
      assert.deepEqual(seen, ['a', 'b']);
      assert.deepEqual(told.map((e) => (e as Error).message), ['listener bug'], 'the listener\'s error is handed on, not lost');
    } finally {
      reader.dispose();
      removeSideChannel(file);
    }
  });

  it('removes the private directory it created', () => {
    const file = createSideChannelPath();
    removeSideChannel(file);
    assert.equal(fs.existsSync(path.dirname(file)), false);
  });
});
