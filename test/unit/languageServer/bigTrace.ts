// A large, realistic trace in our own format (serializeEvent lines): a legacy handshake,
// then tool calls answered with results, isError results, protocol errors, progress and
// stderr chatter, with a stray stdout line now and then.
import { serializeEvent } from '../../../src/core/trace/jsonl';
import type { TraceEvent } from '../../../src/core/trace/event';
import type { JsonRpcMessage } from '../../../src/core/wire/message';

export function bigTrace(lineCount: number): string {
  const lines: string[] = [];
  let seq = 0;
  let t = 1767261600000;
  const add = (e: Omit<TraceEvent, 'seq' | 't'>) => {
    t += 0.7;
    lines.push(serializeEvent({ seq: ++seq, t, ...e }));
  };
  const message = (dir: 'c2s' | 's2c', msg: JsonRpcMessage) => {
    const kind = 'method' in msg ? ('id' in msg ? 'request' : 'notification') : 'response';
    add({ dir, kind, raw: JSON.stringify(msg), msg });
  };
  add({ dir: 'meta', kind: 'spawned', raw: 'spawned node server.js (pid 4242)', info: { pid: 4242, command: 'node', args: ['server.js'] } });
  message('c2s', { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } });
  message('s2c', { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'big', version: '1.0.0' } } });
  message('c2s', { jsonrpc: '2.0', method: 'notifications/initialized' });
  let id = 2;
  while (lines.length < lineCount) {
    const n = id++;
    const step = n % 10;
    message('c2s', { jsonrpc: '2.0', id: n, method: 'tools/call', params: { name: 'search', arguments: { query: `term ${n}`, limit: 10 } } });
    if (step === 3) add({ dir: 'stderr', kind: 'log', raw: `[search] scanning index for "term ${n}"` });
    if (step === 5) message('s2c', { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `query ${n}` } });
    if (n % 1000 === 7) add({ dir: 's2c', kind: 'stray', raw: `debug: cache miss ${n}` });
    if (step === 9) message('s2c', { jsonrpc: '2.0', id: n, result: { content: [{ type: 'text', text: `no results for term ${n}` }], isError: true } });
    else if (n % 500 === 1) message('s2c', { jsonrpc: '2.0', id: n, error: { code: -32602, message: 'Invalid arguments: limit must be <= 5' } });
    else message('s2c', { jsonrpc: '2.0', id: n, result: { content: [{ type: 'text', text: `result ${n}: found 3 documents matching term ${n}` }] } });
  }
  return lines.slice(0, lineCount).join('\n') + '\n';
}
