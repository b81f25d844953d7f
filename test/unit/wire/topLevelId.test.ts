import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TopLevelIdScanner } from '../../../src/core/wire/topLevelId';

function scan(text: string, chunk = Infinity): string | number | null | undefined {
  const s = new TopLevelIdScanner();
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length && !s.done; at += chunk) s.feed(bytes.subarray(at, at + chunk));
  return s.id;
}

const CASES: [string, string, string | number | null | undefined][] = [
  ['id first', '{"jsonrpc":"2.0","id":3,"result":{"x":1}}', 3],
  ['result before id (the TypeScript SDK order)', '{"result":{"content":[{"type":"text","text":"big"}]},"jsonrpc":"2.0","id":42}', 42],
  ['a string id with escapes', '{"result":{},"id":"a\\"b\\\\c","jsonrpc":"2.0"}', 'a"b\\c'],
  ['nested ids are not the top-level id', '{"result":{"id":1,"items":[{"id":2}]},"jsonrpc":"2.0","id":7}', 7],
  ['"id" inside a string value is not a key', '{"result":{"text":"\\"id\\":99, {"},"id":8}', 8],
  ['spaces around the colon and a negative number', '{ "result" : [ ] , "id" : -5 }', -5],
  ['id last before the closing brace', '{"jsonrpc":"2.0","result":{},"id":12}', 12],
  ['a null id', '{"id":null,"error":{"code":-32700,"message":"Parse error"}}', null],
  ['no id at all', '{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"x"}}', undefined],
  ['not an object', '[{"id":1}]', undefined],
  ['a member named "idx" is not "id"', '{"idx":1,"id":2}', 2],
  ['multi-byte text before the id', '{"result":{"text":"日本語 🌍 \\"}"},"id":9}', 9],
];

for (const [name, text, id] of CASES) {
  test(`top-level id: ${name}`, () => {
    assert.equal(scan(text), id);
    // The same answer whatever the chunking, down to one byte at a time.
    for (const chunk of [1, 2, 3, 7]) assert.equal(scan(text, chunk), id, `chunks of ${chunk}`);
  });
}

test('the scan stops once the id is found: the rest of a huge line is not read', () => {
  const s = new TopLevelIdScanner();
  s.feed(Buffer.from('{"jsonrpc":"2.0","id":1,'));
  assert.equal(s.done, true);
  assert.equal(s.id, 1);
});

test('random objects, random key order, random chunking: the scan finds what JSON.parse finds', () => {
  let seed = 7;
  const r = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pieces = ['plain', 'a "quoted" "id":1 text', 'back\\slash\\', '{"id":2}', '日本 🌍', '\\\\"', ''];
  const value = (depth: number): unknown => {
    const roll = r();
    if (depth > 2 || roll < 0.4) return pieces[Math.floor(r() * pieces.length)]!.repeat(1 + Math.floor(r() * 50));
    if (roll < 0.6) return Math.floor(r() * 1000) - 500;
    if (roll < 0.8) return Array.from({ length: Math.floor(r() * 4) }, () => value(depth + 1));
    return Object.fromEntries(Array.from({ length: Math.floor(r() * 4) }, (_, k) => [k % 2 ? 'id' : `k${k}`, value(depth + 1)]));
  };
  for (let n = 0; n < 300; n++) {
    const members: [string, unknown][] = [['jsonrpc', '2.0'], ['result', value(0)]];
    const id = r() < 0.5 ? Math.floor(r() * 1e6) : `s-${pieces[Math.floor(r() * pieces.length)]}`;
    members.splice(Math.floor(r() * 3), 0, ['id', id]);
    const text = JSON.stringify(Object.fromEntries(members));
    assert.equal(scan(text, 1 + Math.floor(r() * 64)), JSON.parse(text).id, text.slice(0, 200));
  }
});
