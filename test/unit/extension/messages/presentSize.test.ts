// A huge answer's row says its size in bytes (counted once per event, the view refreshes often).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MessageModel } from '../../../../src/extension/messages/model';
import { rowData } from '../../../../src/extension/messages/present';
import { Trace } from '../../../../src/core/trace/trace';

test('a large response shows its UTF-8 size on every refresh; a small one shows none', () => {
  const trace = new Trace();
  const model = new MessageModel();
  trace.onEvent((e) => model.add(e));
  const request = (id: number) => ({ jsonrpc: '2.0' as const, id, method: 'tools/call', params: { name: 'big' } });
  const response = (id: number, text: string) => ({ jsonrpc: '2.0' as const, id, result: { content: [{ type: 'text', text }] } });
  for (const [id, text] of [[1, 'é'.repeat(1024 * 1024)], [2, 'small']] as const) {
    trace.append({ dir: 'c2s', kind: 'request', raw: JSON.stringify(request(id)), msg: request(id) });
    trace.append({ dir: 's2c', kind: 'response', raw: JSON.stringify(response(id, text)), msg: response(id, text) });
  }
  const [big, small] = model.visible({});
  // 2 bytes per é plus the envelope: 2.0 MiB.
  assert.match(rowData(big!).description, /· 2\.0 MiB$/);
  assert.equal(rowData(big!).description, rowData(big!).description);
  assert.doesNotMatch(rowData(small!).description, /iB/);
});
