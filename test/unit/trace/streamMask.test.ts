// StreamMask masks a text that arrives in pieces as the mask would mask it whole: a secret cut
// between two pieces must be masked too (a huge trace line is written and exported in pieces).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StreamMask, type TextMask } from '../../../src/core/trace/streamMask';
import { redactor } from '../../../src/extension/traceLog';

function masked(mask: TextMask, pieces: string[]): string {
  const stream = new StreamMask(mask);
  return pieces.map((p) => stream.push(p)).join('') + stream.end();
}

/** A deterministic pseudo-random sequence, so a failure can be replayed. */
function random(seed: number): () => number {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

test('pieces cut anywhere, even inside secrets, give the same text as masking it whole', () => {
  const secrets = ['sk-live-123456', 'abcab', 'zz', '\\"pw\\"'];
  const mask = redactor(secrets);
  const next = random(17);
  const alphabet = ['x', 'a', 'b', 'c', 'z', '\\', '"', 'sk-live-123456', 'abcab', '\\"pw\\"', '\n'];
  for (let trial = 0; trial < 500; trial++) {
    let text = '';
    for (let i = 0; i < 120; i++) text += alphabet[Math.floor(next() * alphabet.length)];
    const pieces: string[] = [];
    for (let i = 0; i < text.length; ) {
      const n = 1 + Math.floor(next() * 16);
      pieces.push(text.slice(i, i + n));
      i += n;
    }
    const out = masked(mask, pieces);
    assert.equal(out, mask(text), `trial ${trial}: ${JSON.stringify(pieces)}`);
    for (const s of secrets) assert.ok(!out.includes(s), `trial ${trial}: ${s} leaked`);
  }
});

test('a secret split over one-character pieces is still masked; no secrets passes the text through at once', () => {
  const mask = redactor(['hunter2']);
  assert.equal(masked(mask, [...'my hunter2 pass']), 'my •••• pass');
  const none = new StreamMask(redactor([]));
  assert.equal(none.push('as it comes'), 'as it comes');
});

test('a mask that does not name its secrets is applied to the whole text at the end', () => {
  const opaque: TextMask = (text) => text.replace(/secret/g, '****');
  const stream = new StreamMask(opaque);
  assert.equal(stream.push('a sec'), '');
  assert.equal(stream.push('ret b'), '');
  assert.equal(stream.end(), 'a **** b');
});
