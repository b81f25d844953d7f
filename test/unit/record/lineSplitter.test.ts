import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LineSplitter, parseLine } from '../../../src/cli/record/hot/lineSplitter';

test('lines keep their exact bytes across chunk boundaries, a split UTF-8 character and CRLF included', () => {
  const input = Buffer.from('{"a":"é"}\r\nnot json\n{"b":1}\npartial', 'utf8');
  for (let cut = 0; cut <= input.length; cut++) {
    const splitter = new LineSplitter();
    const lines = [...splitter.push(input.subarray(0, cut)), ...splitter.push(input.subarray(cut))];
    const rest = splitter.rest();
    assert.deepEqual(Buffer.concat([...lines, rest ?? Buffer.alloc(0)]), input, `cut at ${cut}`);
    assert.deepEqual(lines.map((l) => l.toString('utf8')), ['{"a":"é"}\r\n', 'not json\n', '{"b":1}\n']);
    assert.equal(rest?.toString('utf8'), 'partial');
  }
});

test('only a JSON object is a message', () => {
  assert.deepEqual(parseLine(Buffer.from('{"jsonrpc":"2.0","id":1}\r\n')), { jsonrpc: '2.0', id: 1 });
  assert.equal(parseLine(Buffer.from('[1]\n')), undefined);
  assert.equal(parseLine(Buffer.from('Server ready\n')), undefined);
});
