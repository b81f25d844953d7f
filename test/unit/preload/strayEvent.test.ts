import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { strayEvent } from '../../../src/core/preload/strayEvent';

describe('strayEvent', () => {
  it('is a meta stray-source event naming the mapped user line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-stray-event-'));
    try {
      const js = path.join(dir, 'server.js');
      fs.writeFileSync(js, 'x\n\ny\n//# sourceMappingURL=server.js.map\n');
      fs.writeFileSync(`${js}.map`, JSON.stringify({ version: 3, sources: ['server.ts'], names: [], mappings: 'AAAA;;AAIA' }));
      const dependency = { file: path.join(dir, 'node_modules/log/index.js'), line: 9, column: 3, library: true };
      const event = strayEvent({ text: 'ready', stack: [dependency, { file: js, line: 3, column: 1 }], pid: 42, runtime: 'node', n: 1 });
      const ts = path.join(dir, 'server.ts');
      assert.deepEqual(event, {
        dir: 'meta',
        kind: 'stray-source',
        raw: `stdout "ready" was written at ${ts}:5:1`,
        info: {
          text: 'ready',
          stack: [dependency, { file: ts, line: 5, column: 1, generated: { file: js, line: 3, column: 1 } }],
          pid: 42,
          runtime: 'node',
          n: 1,
        },
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says so when the stack is empty (a write from a worker thread reaches stdout via the runtime)', () => {
    assert.equal(strayEvent({ text: 'x', stack: [], partial: true }).raw, 'stdout "x" was written at an unknown place');
  });
});
