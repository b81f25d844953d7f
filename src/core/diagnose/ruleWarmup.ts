/**
 * A made-up Start (a legacy server's era-probe answer, initialize, tools/list) for a throwaway
 * engine to read while a real session waits for its server. V8 compiles each rule's code the
 * first time it runs: about 1.5 ms for the forty rules the probe's answer meets, and more for
 * initialize's and tools/list's answers (measured), each on the path from an answer to the
 * next request. Read once per process (by the editor a second after activation, otherwise in
 * the wait for a server that is still starting), the real Start finds the rules compiled.
 */
import type { JsonRpcMessage } from '../wire/message';
import type { TraceEvent } from '../trace/event';
import { Trace } from '../trace/trace';
import { FIRST_MODERN_VERSION, LEGACY_VERSIONS, MODERN_META } from './versions';

const VERSION = LEGACY_VERSIONS[LEGACY_VERSIONS.length - 1];

const START: readonly ['c2s' | 's2c', 'request' | 'response' | 'notification', JsonRpcMessage][] = [
  // As McpClient's probe asks: its modern `_meta` makes the request validate against the
  // 2026-07-28 probe validators, whose first load and run are most of a real probe's cost.
  [
    'c2s',
    'request',
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'server/discover',
      params: {
        _meta: {
          [MODERN_META.protocolVersion]: FIRST_MODERN_VERSION,
          [MODERN_META.clientCapabilities]: { roots: { listChanged: true } },
          [MODERN_META.clientInfo]: { name: 'warmup', version: '0' },
        },
      },
    },
  ],
  ['s2c', 'response', { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }],
  [
    'c2s',
    'request',
    {
      jsonrpc: '2.0',
      id: 2,
      method: 'initialize',
      params: { protocolVersion: VERSION, capabilities: { roots: { listChanged: true } }, clientInfo: { name: 'warmup', version: '0' } },
    },
  ],
  [
    's2c',
    'response',
    {
      jsonrpc: '2.0',
      id: 2,
      result: {
        protocolVersion: VERSION,
        capabilities: { tools: { listChanged: true }, logging: {} },
        serverInfo: { name: 'warmup', version: '0' },
      },
    },
  ],
  ['c2s', 'notification', { jsonrpc: '2.0', method: 'notifications/initialized' }],
  ['c2s', 'request', { jsonrpc: '2.0', id: 3, method: 'tools/list' }],
  [
    's2c',
    'response',
    {
      jsonrpc: '2.0',
      id: 3,
      result: {
        tools: [{ name: 'echo', description: 'Echoes text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }],
      },
    },
  ],
];

/** The made-up Start's events, in a trace of their own. */
export function madeUpStart(): TraceEvent[] {
  const trace = new Trace();
  trace.append({ dir: 'meta', kind: 'spawned', raw: 'spawned pid 0', info: { pid: 0 } });
  for (const [dir, kind, msg] of START) trace.appendMessage(dir, kind, JSON.stringify(msg), msg, Date.now());
  return trace.events.slice();
}
