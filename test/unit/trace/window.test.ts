import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { NewTraceEvent } from '../../../src/core/trace/event';
import { parseTraceText, serializeEvent } from '../../../src/core/trace/jsonl';
import { SpillFile } from '../../../src/core/trace/spill';
import { Trace } from '../../../src/core/trace/trace';
import { plainEvent } from '../../../src/core/trace/storedMessage';

function tempFile(t: { after: (fn: () => void) => void }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-window-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'server.mcptrace.jsonl');
}

/** A mix of what a session records: requests, responses, stray and odd text, stderr, lifecycle facts. */
function eventAt(i: number): NewTraceEvent {
  const t = 1_700_000_000_000 + i;
  switch (i % 5) {
    case 0: {
      const msg = { jsonrpc: '2.0' as const, id: i, method: 'tools/call', params: { name: 'echo', arguments: { text: `call ${i} "quoted" \u2028 é` } } };
      return { t, dir: 'c2s', kind: 'request', raw: JSON.stringify(msg), msg };
    }
    case 1: {
      const msg = { jsonrpc: '2.0' as const, id: i - 1, result: { content: [{ type: 'text', text: `line one\nline two ${i}` }] } };
      return { t, dir: 's2c', kind: 'response', raw: JSON.stringify(msg), msg };
    }
    case 2:
      return { t, dir: 's2c', kind: 'stray', raw: `ready\r ${i}`, crlf: true };
    case 3:
      return { t, dir: 'stderr', kind: 'log', raw: `DEBUG item ${i} \u0000 tab\t` };
    default:
      return { t, dir: 'meta', kind: 'note', raw: `note ${i}`, info: { n: i, nested: { ok: true } } };
  }
}

async function collect(lines: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const line of lines) out.push(line);
  return out;
}

test('the spill file holds exactly the keep-all serialisation, one event per line', async (t) => {
  const file = tempFile(t);
  const all = new Trace();
  const spill = new SpillFile(file);
  const windowed = new Trace({ keepLast: 100, spill });
  // Enough to cross the 64 KiB write batches several times.
  for (let i = 0; i < 3000; i++) {
    all.append(eventAt(i));
    windowed.append(eventAt(i));
  }
  windowed.dispose();
  const expected = all.events.map((e) => `${serializeEvent(e)}\n`).join('');
  assert.equal(fs.readFileSync(file, 'utf8'), expected);
  // And it reads back as the same events, seqs kept.
  const parsed = parseTraceText(fs.readFileSync(file, 'utf8'));
  assert.deepEqual(parsed.problems, []);
  assert.deepEqual(parsed.events, all.events.map(plainEvent));
});

test('events is a window of the newest events with global seqs; old ones are evicted', (t) => {
  const trace = new Trace({ keepLast: 8, spill: new SpillFile(tempFile(t)) });
  t.after(() => trace.dispose());
  for (let i = 0; i < 7; i++) trace.append(eventAt(i));
  assert.deepEqual(trace.events.map((e) => e.seq), [1, 2, 3, 4, 5, 6, 7]);
  assert.equal(trace.evicted, 0);
  for (let i = 7; i < 100; i++) {
    const e = trace.append(eventAt(i));
    assert.equal(e.seq, i + 1);
    const seqs = trace.events.map((x) => x.seq);
    // At least the newest 8, fewer than 1.25 × 8 + 1, contiguous and ending at the newest.
    assert.ok(seqs.length >= 8 && seqs.length <= 10, `window of ${seqs.length}`);
    assert.equal(seqs.at(-1), i + 1);
    assert.deepEqual(seqs, Array.from({ length: seqs.length }, (_, k) => i + 2 - seqs.length + k));
    assert.equal(trace.evicted, i + 1 - seqs.length);
  }
  assert.equal(trace.count, 100);
  assert.equal(trace.event(100)?.raw, eventAt(99).raw);
  assert.equal(trace.event(trace.evicted + 1)?.seq, trace.evicted + 1);
  assert.equal(trace.event(trace.evicted), undefined, 'an evicted event is not found');
  assert.equal(trace.event(1), undefined);
  assert.equal(trace.event(101), undefined);
});

test('lines() reads back the whole trace, then the events appended since', async (t) => {
  const trace = new Trace({ keepLast: 10, spill: new SpillFile(tempFile(t)) });
  t.after(() => trace.dispose());
  const expected: string[] = [];
  for (let i = 0; i < 250; i++) expected.push(serializeEvent(trace.append(eventAt(i))));
  // Nothing was closed: lines() flushes what is pending before reading.
  assert.deepEqual(await collect(trace.lines()), expected);
  for (let i = 250; i < 260; i++) expected.push(serializeEvent(trace.append(eventAt(i))));
  trace.dispose();
  assert.deepEqual(await collect(trace.lines()), expected);
  // Written after close: the file is opened again and appended to.
  expected.push(serializeEvent(trace.append(eventAt(260))));
  assert.deepEqual(await collect(trace.lines()), expected);
});

test('a keep-all trace reads back the same lines from memory', async () => {
  const trace = new Trace();
  for (let i = 0; i < 20; i++) trace.append(eventAt(i));
  assert.deepEqual(await collect(trace.lines()), trace.events.map(serializeEvent));
  assert.equal(trace.evicted, 0);
  assert.equal(trace.event(20)?.seq, 20);
});

test('a trace with a spill and no keepLast keeps every event in memory and on disk', async (t) => {
  const file = tempFile(t);
  const trace = new Trace({ spill: new SpillFile(file) });
  for (let i = 0; i < 50; i++) trace.append(eventAt(i));
  trace.dispose();
  assert.equal(trace.events.length, 50);
  assert.equal(fs.readFileSync(file, 'utf8'), trace.events.map((e) => `${serializeEvent(e)}\n`).join(''));
});

test('keepLast without a spill, or not a positive integer, is refused', (t) => {
  assert.throws(() => new Trace({ keepLast: 10 }), /needs a spill/);
  assert.throws(() => new Trace({ keepLast: 0, spill: new SpillFile(tempFile(t)) }), RangeError);
});

test('a spill that cannot be written never breaks append, and lines() says what was lost', async (t) => {
  const missing = path.join(tempFile(t), 'no-such-dir', 'x.mcptrace.jsonl');
  const spill = new SpillFile(missing);
  const trace = new Trace({ keepLast: 4, spill });
  for (let i = 0; i < 20; i++) trace.append(eventAt(i));
  trace.dispose();
  assert.equal(trace.count, 20);
  assert.ok(spill.error);
  await assert.rejects(collect(trace.lines()), /could not be written.*older than the in-memory window are lost/);
});

test('a spill mask is applied before a line reaches the disk', (t) => {
  const spill = new SpillFile(tempFile(t));
  spill.mask = (line) => line.replaceAll('sk-secret-123', '***');
  const trace = new Trace({ keepLast: 4, spill });
  trace.append({ dir: 'stderr', kind: 'log', raw: 'config: API_TOKEN=sk-secret-123' });
  spill.close();
  const text = fs.readFileSync(spill.path, 'utf8');
  assert.match(text, /API_TOKEN=\*\*\*/);
  assert.ok(!text.includes('sk-secret-123'));
  // The event in memory is what the server wrote; only the file at rest is masked.
  assert.equal(trace.events[0]!.raw, 'config: API_TOKEN=sk-secret-123');
});
