/**
 * Fuzz meets a server as a host does: roots/list is answered (with the server's working
 * directory), and an error that names the path a call asked for is not a leak. The published
 * server-filesystem, started without folders, takes its folders from the roots. Before, fuzz
 * refused roots/list, the server denied every path ("… not in "), and each denial, naming a
 * path under the temporary folder, was reported as error-leaks-internals.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, test } from 'node:test';
import { fuzzTool } from '../../../src/core/fuzz/fuzzRun';
import { FuzzSession } from '../../../src/core/fuzz/fuzzSession';

const SERVER = resolve(import.meta.dirname, '../../../node_modules/.bin/mcp-server-filesystem');
const folder = mkdtempSync(join(tmpdir(), 'mcp-lens-roots-'));
writeFileSync(join(folder, 'notes.txt'), 'hello\n');
after(() => rmSync(folder, { recursive: true, force: true }));

const textOf = (result: Record<string, unknown> | undefined): string =>
  ((result?.content as { text?: string }[] | undefined) ?? []).map((c) => c.text ?? '').join('\n');

test('fuzz answers roots/list with the working directory, and a filesystem server read-only tools show no finding', async () => {
  const session = new FuzzSession(
    { command: SERVER, args: [], cwd: folder },
    { clientInfo: { name: 'test', version: '0' }, requestTimeoutMs: 30_000, probeTimeoutMs: 3000 },
  );
  try {
    // The server asks for the roots once initialized and applies them when they come; a call
    // may overtake them (as in any host), so the first list is waited for.
    let listed = await session.call('list_directory', { path: '.' });
    for (let tries = 0; listed.result?.isError && tries < 50; tries++) {
      await new Promise((r) => setTimeout(r, 100));
      listed = await session.call('list_directory', { path: '.' });
    }
    assert.equal(listed.end, 'result');
    assert.equal(listed.result?.isError, undefined, textOf(listed.result));
    assert.match(textOf(listed.result), /\[FILE\] notes\.txt/);

    const missing = await session.call('read_text_file', { path: 'missing.txt' });
    assert.match(textOf(missing.result), new RegExp(`ENOENT.*${folder}/missing\\.txt`));
    // The tool failed (tool-error, for the author's information); its text names the caller's own path.
    assert.deepEqual(missing.diagnostics.map((d) => d.rule), ['tool-error']);

    const tools = await session.tools();
    for (const name of ['list_directory', 'get_file_info', 'read_text_file']) {
      const report = await fuzzTool(tools.find((t) => t.name === name)!, session, { runs: 20, seed: 42, allowDestructive: false, timeoutMs: 10_000 });
      assert.equal(report.calls >= 20, true);
      assert.deepEqual(
        report.findings.map((f) => `${f.rule}: ${f.message}`),
        [],
        name,
      );
    }
  } finally {
    await session.close();
  }
});
