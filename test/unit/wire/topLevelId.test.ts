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
