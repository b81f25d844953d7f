import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze } from '../../../src/languageServer/analysis';
import { lineOf, lineStarts } from '../../../src/languageServer/lineStarts';
import { wordAt } from '../../../src/languageServer/wordAt';

const doc = (text: string) => TextDocument.create('file:///t.mcptrace.jsonl', 'mcp-trace', 1, text);
const rpc = (value: object) => JSON.stringify({ jsonrpc: '2.0', ...value });

describe('trace analysis', () => {
  it('reads lines with \\n and \\r\\n endings, and a last line without one', () => {
    const text = 'a\r\nbb\n\nccc';
    const starts = lineStarts(text);
    assert.deepEqual([0, 1, 2, 3].map((n) => lineOf(text, starts, n)), ['a', 'bb', '', 'ccc']);
    assert.equal(lineOf(text, starts, 4), '');
  });

  it('finds the error code, method or identifier under the cursor', () => {
    const line = '{"error":{"code":-32601},"method":"tools/list"}';
    assert.equal(wordAt(line, line.indexOf('-32601') + 3)?.word, '-32601');
    assert.equal(wordAt(line, line.indexOf('tools/list'))?.word, 'tools/list');
    assert.equal(wordAt(line, 0), undefined);
  });

  it('maps events to their lines across blank and unreadable lines', () => {
    const a = analyze(doc([rpc({ id: 1, method: 'ping' }), '', 'banner', rpc({ id: 1, result: {} })].join('\n')));
    assert.equal(a.at(0)?.event.kind, 'request');
    assert.equal(a.at(1), undefined);
    assert.deepEqual(a.problems.map((p) => p.line), [2]);
    assert.equal(a.at(3)?.event.kind, 'response');
    assert.equal(a.exchanges.of.get(a.at(3)!)?.request, a.at(0));
  });

  it('pairs by id and type, never by order, and starts a new exchange when an id is reused', () => {
    const a = analyze(
      doc(
        [
          rpc({ id: 1, method: 'tools/list' }),
          rpc({ id: '1', method: 'prompts/list' }),
          rpc({ id: '1', result: { prompts: [] } }),
          rpc({ id: 1, result: { tools: [] } }),
          rpc({ id: 1, method: 'resources/list' }),
          rpc({ id: 1, result: { resources: [] } }),
        ].join('\n'),
      ),
    );
    const pairs = a.exchanges.list.map((x) => [x.request.start, x.responses.map((r) => r.start)]);
    assert.deepEqual(pairs, [[0, [3]], [1, [2]], [4, [5]]]);
    assert.equal(a.exchanges.requestBefore(4, 'c2s', 1)?.request.start, 0);
    assert.equal(a.exchanges.requestBefore(5, 'c2s', 1)?.request.start, 4);
  });

  it('finds the evidence of a file whose seqs restart (two traces pasted together)', () => {
    const event = (seq: number, raw: string) => JSON.stringify({ seq, t: seq, dir: 'stderr', kind: 'log', raw });
    const a = analyze(doc([event(1, 'first'), event(2, 'second'), event(1, 'again')].join('\n')));
    assert.equal(a.bySeq(1)?.event.raw, 'first');
    assert.equal(a.bySeq(2)?.start, 1);
    assert.equal(a.bySeq(3), undefined);
  });
});
