import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LineFramer } from '../../../src/core/wire/framer';
import { StdoutClassifier } from '../../../src/core/wire/stdoutClassifier';
import type { MessageKind, NewTraceEvent } from '../../../src/core/trace/event';
import type { JsonRpcMessage } from '../../../src/core/wire/message';

/** A small seeded PRNG (mulberry32) so a failure can be replayed from its seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CAP = 4096;
const TEXTS = ['plain', 'héllo wörld', '日本語のテキスト', 'emoji 🌍🚀 and ∑', 'quote " and \\ backslash', 'ü'.repeat(40)];

interface Expect {
  kind: string;
  raw?: string;
  glued?: string;
  multiline?: boolean;
  crlf?: boolean;
  invalidUtf8?: boolean;
  piece?: string;
}

/** Builds a byte stream of many kinds of stdout lines together with the events it must yield. */
function corpus(seed: number, lines: number): { bytes: Buffer; expected: Expect[] } {
  const r = rng(seed);
  const parts: Buffer[] = [];
  const expected: Expect[] = [];
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  for (let i = 0; i < lines; i++) {
    const text = pick(TEXTS);
    const msg = JSON.stringify({ jsonrpc: '2.0', id: i, result: { content: [{ type: 'text', text }] } });
    const roll = r();
    if (roll < 0.45) {
      parts.push(Buffer.from(msg + '\n'));
      expected.push({ kind: 'response', raw: msg });
    } else if (roll < 0.55) {
      parts.push(Buffer.from(msg + '\r\n'));
      expected.push({ kind: 'response', raw: msg, crlf: true });
    } else if (roll < 0.62) {
      // Glued lines: text before, between and after messages; each message its own piece.
      const note = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: text } });
      const shape = Math.floor(r() * 4);
      if (shape === 0) {
        parts.push(Buffer.from(`${text} ${note}\n`));
        expected.push({ kind: 'notification', raw: note, glued: `${text} `, piece: '0/1' });
      } else if (shape === 1) {
        parts.push(Buffer.from(`${msg}${note}\n`));
        expected.push(
          { kind: 'response', raw: msg, glued: '', piece: '0/2' },
          { kind: 'notification', raw: note, glued: '', piece: '1/2' },
        );
      } else if (shape === 2) {
        parts.push(Buffer.from(`${note} ${text}\n`));
        expected.push({ kind: 'notification', raw: note, glued: '', piece: '0/2' }, { kind: 'stray', raw: ` ${text}`, piece: '1/2' });
      } else {
        parts.push(Buffer.from(`${text} ${msg} {${text}} ${note}.\r\n`));
        expected.push(
          { kind: 'response', raw: msg, glued: `${text} `, piece: '0/3' },
          { kind: 'notification', raw: note, glued: ` {${text}} `, piece: '1/3' },
          { kind: 'stray', raw: '.', piece: '2/3', crlf: true },
        );
      }
    } else if (roll < 0.72) {
      parts.push(Buffer.from(`log: ${text}\n`));
      expected.push({ kind: 'stray', raw: `log: ${text}` });
    } else if (roll < 0.78) {
      const pretty = JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { text } }, null, 2);
      parts.push(Buffer.from(pretty + '\n'));
      expected.push({ kind: 'request', raw: pretty, multiline: true });
    } else if (roll < 0.83) {
      parts.push(Buffer.from(`{"n":${i},"s":${JSON.stringify(text)}}\n`));
      expected.push({ kind: 'not-jsonrpc' });
    } else if (roll < 0.88) {
      parts.push(Buffer.concat([Buffer.from('bad '), Buffer.from([0xe2, 0x28, 0xa1]), Buffer.from(' bytes\n')]));
      expected.push({ kind: 'stray', invalidUtf8: true });
    } else if (roll < 0.91) {
      const big = JSON.stringify({ jsonrpc: '2.0', id: i, result: { blob: text.repeat(Math.ceil((CAP * 2) / text.length)) } });
      parts.push(Buffer.from(big + '\n'));
      expected.push({ kind: 'oversize' });
    } else {
      parts.push(Buffer.from('\n'));
      expected.push({ kind: 'stray', raw: '' });
    }
  }
  parts.push(Buffer.from('{"jsonrpc":"2.0","id":"tail"'));
  expected.push({ kind: 'partial', raw: '{"jsonrpc":"2.0","id":"tail"' });
  return { bytes: Buffer.concat(parts), expected };
}

/**
 * The events of `bytes` cut at `cuts`. `asParts`: through pushOrMessage, as the stdio
 * transport reads stdout, each message it hands over as parts made into the event push() gives.
 */
function run(bytes: Buffer, cuts: number[], asParts?: { messages: number }): NewTraceEvent[] {
  const framer = new LineFramer(CAP);
  const classifier = new StdoutClassifier();
  const out: NewTraceEvent[] = [];
  const message = (kind: MessageKind, raw: string, msg: JsonRpcMessage) => {
    asParts!.messages++;
    out.push({ dir: 's2c', raw, kind, msg });
  };
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    // Copy each chunk into a reused scratch buffer, as a stream may hand out reused memory.
    const chunk = Buffer.from(bytes.subarray(from, cut));
    for (const f of framer.push(chunk)) out.push(...(asParts ? classifier.pushOrMessage(f, message) : classifier.push(f)));
    chunk.fill(0);
    from = cut;
  }
  const last = framer.end();
  if (last) out.push(...classifier.push(last));
  out.push(...classifier.end());
  return out;
}

function summary(e: NewTraceEvent): Expect {
  const s: Expect = { kind: String(e.kind) };
  if (e.glued !== undefined) s.glued = e.glued;
  if (e.multiline) s.multiline = true;
  if (e.crlf) s.crlf = true;
  if (e.invalidUtf8) s.invalidUtf8 = true;
  if (e.piece) s.piece = `${e.piece.index}/${e.piece.count}`;
  return s;
}

test('random chunk splits of a large mixed corpus give exactly the expected events', () => {
  for (let seed = 1; seed <= 12; seed++) {
    const { bytes, expected } = corpus(seed, 1500);
    const whole = run(bytes, []);
    assert.equal(whole.length, expected.length, `seed ${seed}: event count`);
    whole.forEach((e, i) => {
      const want = expected[i]!;
      assert.deepEqual(summary(e), stripRaw(want), `seed ${seed} event ${i}`);
      if (want.raw !== undefined) assert.equal(e.raw, want.raw, `seed ${seed} event ${i} raw`);
    });
    const r = rng(seed * 7919);
    for (let round = 0; round < 8; round++) {
      const cuts: number[] = [];
      // Mix tiny chunks (single bytes, inside characters) with large ones.
      for (let at = 0; at < bytes.length;) {
        at += r() < 0.3 ? 1 + Math.floor(r() * 3) : 1 + Math.floor(r() * 2000);
        if (at < bytes.length) cuts.push(at);
      }
      assert.deepEqual(run(bytes, cuts), whole, `seed ${seed} round ${round}`);
    }
  }
});

test('pushOrMessage hands over a message alone on its line as its parts and gives every other line the events push() gives', () => {
  for (let seed = 1; seed <= 4; seed++) {
    const { bytes, expected } = corpus(seed, 1500);
    const asParts = { messages: 0 };
    const got = run(bytes, [], asParts);
    assert.deepEqual(got, run(bytes, []), `seed ${seed}`);
    // The plain responses (45 % of the corpus), not the flagged, glued or multi-line ones.
    const plain = expected.filter((e) => e.kind === 'response' && !e.crlf && e.piece === undefined).length;
    assert.equal(asParts.messages, plain, `seed ${seed}: messages handed over as parts`);
    const r = rng(seed * 104729);
    const cuts: number[] = [];
    for (let at = 0; at < bytes.length;) {
      at += 1 + Math.floor(r() * 700);
      if (at < bytes.length) cuts.push(at);
    }
    assert.deepEqual(run(bytes, cuts, { messages: 0 }), got, `seed ${seed}: cut`);
  }
});

function stripRaw(e: Expect): Expect {
  const { raw: _raw, ...rest } = e;
  return rest;
}

test('every single-byte split of a multi-byte line gives the same event', () => {
  const line = Buffer.from('{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"∑ 🌍 ü"}}\r\n');
  const cuts = Array.from({ length: line.length - 1 }, (_, i) => i + 1);
  assert.deepEqual(run(line, cuts), run(line, []));
  assert.equal(run(line, cuts)[0]!.kind, 'notification');
});
