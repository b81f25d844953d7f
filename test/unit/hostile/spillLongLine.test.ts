import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SpillFile } from '../../../src/core/trace/spill';

test('a spill file gives back a 60 MiB line whole, between short ones (read in linear time: a quadratic split never finished)', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-spill-'));
  try {
    const spill = new SpillFile(path.join(dir, 't.mcptrace.jsonl'));
    const long = 'a'.repeat(60 * 1024 * 1024);
    spill.write('first');
    spill.write(long);
    spill.write('');
    spill.write('last');
    const lines: string[] = [];
    for await (const line of spill.lines()) lines.push(line);
    spill.close();
    assert.equal(lines.length, 4);
    assert.equal(lines[0], 'first');
    assert.equal(lines[1]!.length, long.length);
    assert.ok(lines[1] === long);
    assert.deepEqual(lines.slice(2), ['', 'last']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
