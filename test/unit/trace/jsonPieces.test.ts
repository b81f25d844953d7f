// A huge event is serialised in pieces (src/core/trace/jsonPieces.ts): the pieces must join
// into exactly the text JSON.stringify / serializeEvent would have written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serializeEvent } from '../../../src/core/trace/jsonl';
import { jsonPieces, PIECE_CHARS, serializeEventPieces } from '../../../src/core/trace/jsonPieces';
import type { TraceEvent } from '../../../src/core/trace/event';

const joined = (value: unknown) => [...jsonPieces(value)].join('');

test('a long string with escapes, control characters and astral characters joins to JSON.stringify', () => {
  const text = 'a"\\\n\t\u0001\u2028😀é'.repeat(300_000);
  assert.ok(text.length > 2 * PIECE_CHARS);
  assert.equal(joined(text), JSON.stringify(text));
});

test('a surrogate pair on a slice boundary stays one character; lone surrogates are escaped as JSON.stringify does', () => {
  for (const shift of [-2, -1, 0, 1]) {
    const text = 'x'.repeat(PIECE_CHARS + shift) + '😀'.repeat(4) + 'y'.repeat(PIECE_CHARS);
    assert.equal(joined(text), JSON.stringify(text), `pair at ${shift}`);
  }
  const lone = 'x'.repeat(PIECE_CHARS - 1) + '\ud800' + 'x'.repeat(10) + '\udc00';
  assert.equal(joined(lone), JSON.stringify(lone));
});

test('objects and arrays: undefined, functions and symbols left out or null, toJSON and Dates honoured, key order kept', () => {
  const big = 'z'.repeat(PIECE_CHARS + 7);
  const value = {
    b: 1,
    a: [undefined, () => 1, Symbol('s'), big, null, NaN, -0, 1e21],
    2: 'integer-like keys first, as JSON.stringify orders them',
    u: undefined,
    f: () => 2,
    d: new Date(0),
    own: { toJSON: () => ({ replaced: big }) },
    nested: { deeper: [{ text: big, n: 1.5 }] },
    empty: {},
    none: [],
  };
  assert.equal(joined(value), JSON.stringify(value));
  for (const v of [null, true, 0, 'short', [], {}, [[[]]]]) assert.equal(joined(v), JSON.stringify(v));
  assert.equal(joined(undefined), '');
});

test('serializeEventPieces joins to serializeEvent and hands the text out in bounded pieces', () => {
  const text = 'é€x'.repeat(PIECE_CHARS);
  const msg = { jsonrpc: '2.0' as const, id: 7, result: { content: [{ type: 'text', text }] } };
  const e: TraceEvent = { seq: 12, t: 1700000000000.25, dir: 's2c', kind: 'response', raw: JSON.stringify(msg), msg, crlf: true };
  const pieces = [...serializeEventPieces(e)];
  assert.equal(pieces.join(''), serializeEvent(e));
  assert.ok(pieces.length >= 6, `${pieces.length} pieces`);
  // A piece is about PIECE_CHARS characters (a slice and the small pieces joined to it).
  for (const piece of pieces) assert.ok(piece.length < 3 * PIECE_CHARS, `a piece of ${piece.length} characters`);
});
