import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseTraceText, serializeEvent } from '../../../src/core/trace/jsonl';
import { ASYNC_LINE_CHARS, SpillFile } from '../../../src/core/trace/spill';
import { Trace } from '../../../src/core/trace/trace';
import { PIECE_CHARS } from '../../../src/core/trace/jsonPieces';
import { redactor } from '../../../src/extension/traceLog';

function tempFile(t: { after: (fn: () => void) => void }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-spill-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'server.mcptrace.jsonl');
}

async function collect(lines: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const line of lines) out.push(line);
  return out;
}

/** A 50 MiB tool result, as the hostile server sends it (with multi-byte text, so bytes ≠ chars). */
function hugeResult(id: number): string {
  const text = 'é€x'.repeat((50 * 1024 * 1024) / 6);
  return JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } });
}

test('a huge line is written in order with the small lines around it, byte-identical', async (t) => {
  const file = tempFile(t);
  const spill = new SpillFile(file);
  const trace = new Trace({ keepLast: 4, spill });
  const expected: string[] = [];
  const add = (raw: string): void => {
    expected.push(serializeEvent(trace.append({ t: 1, dir: 's2c', kind: 'stray', raw })));
  };
  add('before 1');
  add('before 2');
  add(hugeResult(1));
  assert.ok(expected[2]!.length >= ASYNC_LINE_CHARS);
  // Appended while the huge write is still in flight: must land after it.
  for (let i = 0; i < 20; i++) add(`after ${i}`);
  add(hugeResult(2));
  add('last');

  // lines() waits for the pending async writes and sees everything, in order.
  const lines = await collect(trace.lines());
  assert.equal(lines.length, expected.length);
  lines.forEach((line, i) => assert.ok(line === expected[i], `line ${i} differs`));

  trace.dispose();
  // close() while writes may be in flight: the file still ends up complete.
  const again = await collect(spill.lines());
  assert.equal(again.length, expected.length);
  const bytes = fs.readFileSync(file);
  assert.ok(bytes.equals(Buffer.from(`${expected.join('\n')}\n`, 'utf8')), 'file is byte-identical to the serialisation');
  assert.equal(parseTraceText(bytes.toString('utf8')).events.length, expected.length);
});

test('close() right after a huge write, then more writes, keeps the file whole and ordered', async (t) => {
  const file = tempFile(t);
  const spill = new SpillFile(file);
  const big = 'x'.repeat(ASYNC_LINE_CHARS * 3);
  spill.write('a');
  spill.write(big);
  spill.close();
  spill.write('b');
  spill.close();
  const lines = await collect(spill.lines());
  assert.deepEqual(lines.map((l) => (l === big ? 'BIG' : l)), ['a', 'BIG', 'b']);
  assert.equal(fs.readFileSync(file, 'utf8'), `a\n${big}\nb\n`);
  assert.equal(spill.error, undefined);
});

test('a huge event goes to a masked spill in pieces: a secret on a piece boundary is masked, the bytes are the masked serialisation', async (t) => {
  const file = tempFile(t);
  const spill = new SpillFile(file);
  const secret = 'sk-live-0123456789';
  spill.mask = redactor([secret]);
  const trace = new Trace({ keepLast: 4, spill });
  // The secret straddles the first piece boundary of the serialised line, and appears again later.
  const text = 'x'.repeat(PIECE_CHARS - 100) + secret + 'y'.repeat(2 * PIECE_CHARS) + secret;
  const msg = { jsonrpc: '2.0' as const, id: 1, result: { content: [{ type: 'text', text }] } };
  const expected: string[] = [];
  const add = (e: Parameters<Trace['append']>[0]) => expected.push(serializeEvent(trace.append(e)));
  add({ t: 1, dir: 'stderr', kind: 'log', raw: `token ${secret}` });
  add({ t: 2, dir: 's2c', kind: 'response', raw: JSON.stringify(msg), msg });
  add({ t: 3, dir: 'stderr', kind: 'log', raw: 'after the huge one' });
  const masked = expected.map((line) => line.split(secret).join('••••'));

  const lines = await collect(trace.lines());
  assert.equal(lines.length, 3);
  lines.forEach((line, i) => assert.ok(line === masked[i], `line ${i} differs from the masked serialisation`));
  const bytes = fs.readFileSync(file);
  assert.ok(!bytes.includes(secret), 'the secret reached the disk');
  assert.ok(bytes.equals(Buffer.from(`${masked.join('\n')}\n`, 'utf8')));
  // text() gives the same bytes in chunks.
  assert.equal((await collect(trace.text())).join(''), `${masked.join('\n')}\n`);
  trace.dispose();
});

test('a keep-all trace gives its text with huge events in pieces, the same as serializing each event', async () => {
  const trace = new Trace();
  const big = 'é'.repeat(ASYNC_LINE_CHARS + 5);
  const lines = [trace.append({ t: 1, dir: 'stderr', kind: 'log', raw: 'a' }), trace.append({ t: 2, dir: 's2c', kind: 'stray', raw: big })].map(serializeEvent);
  const chunks = await collect(trace.text());
  assert.ok(chunks.length > 3, 'the huge event comes in pieces');
  assert.equal(chunks.join(''), `${lines.join('\n')}\n`);
});
