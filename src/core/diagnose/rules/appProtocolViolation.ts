import type { Rule } from '../rule';
import { errorText, quote } from '../describe';
import { idKey, type IdKey } from '../context';
import { appFact, appLane } from './appFaults';

/** The JSON-RPC error codes the host bridge answers a broken request with (not a failed tool, -32603). */
const PROTOCOL_CODES = new Set([-32700, -32600, -32601, -32602]);
const METHOD_NOT_FOUND = -32601;
/** Open app requests kept per app: enough to match the bridge's answers, bounded for a chatty app. */
const KEEP = 1_000;

interface Lane {
  requests: Map<IdKey, { seq: number; method: string }>;
  lastFromApp?: number;
}

/**
 * MCP Apps: the app talks JSON-RPC 2.0 to the host. The official AppBridge refuses what breaks
 * that contract: it answers an unknown method with -32601 and wrong params with -32602, and
 * reports a message that is not JSON-RPC (or a response to no request, or a notification it
 * cannot handle) through its onerror, which the host writes as a `bridgeError` fact.
 */
export const appProtocolViolation: Rule = {
  id: 'app-protocol-violation',
  stage: 'invocation',
  severity: 'error',
  on: ['meta'],
  onEvent(e, ctx, report) {
    const onLane = appLane<Lane>(e, ctx, 'app-protocol-violation');
    if (!onLane) return;
    const { uri, byApp: lanes } = onLane;
    const lane = lanes.get(uri) ?? lanes.set(uri, { requests: new Map() }).get(uri)!;
    const message = e.info?.message as { method?: unknown; id?: unknown; error?: { code?: unknown; message?: unknown } } | undefined;
    if (message && e.info?.toApp === false) {
      lane.lastFromApp = e.seq;
      if (typeof message.method === 'string' && message.id !== undefined) {
        if (lane.requests.size >= KEEP) lane.requests.delete(lane.requests.keys().next().value as IdKey);
        lane.requests.set(idKey(message.id), { seq: e.seq, method: message.method });
      }
      return;
    }
    if (message && e.info?.toApp === true && message.id !== undefined && message.method === undefined) {
      const request = lane.requests.get(idKey(message.id));
      lane.requests.delete(idKey(message.id));
      const code = message.error?.code;
      if (!request || typeof code !== 'number' || !PROTOCOL_CODES.has(code)) return;
      report({
        // An unknown method may be one a newer host knows: the app should cope with -32601.
        severity: code === METHOD_NOT_FOUND ? 'warning' : undefined,
        message: `The app ${quote(uri, 200)} sent ${quote(request.method, 100)}, which the host bridge refused: ${errorText(message.error)}`,
        evidence: [request.seq, e.seq],
        hint:
          code === METHOD_NOT_FOUND
            ? 'The MCP Apps host answers only the methods of the Apps specification (ui/*) and the MCP methods it forwards (tools/call, resources/*): check the method name, or use the App class (@modelcontextprotocol/ext-apps), which sends them correctly.'
            : 'The params do not match the MCP Apps schema of that method (the error names the field): send them as the App class (@modelcontextprotocol/ext-apps) does.',
        group: String(code),
      });
      return;
    }
    const fact = appFact(e, 'bridgeError');
    if (!fact) return;
    const unhandled = typeof fact.method === 'string';
    report({
      severity: unhandled ? 'warning' : undefined,
      message: `The app ${quote(uri, 200)} broke the Apps protocol: ${quote(String(fact.error ?? ''), 300)}`,
      evidence: [lane.lastFromApp, e.seq].filter((s): s is number => s !== undefined),
      hint: 'Every message an app posts to its host is JSON-RPC 2.0: a request (jsonrpc, id, method, params), a notification (no id) or a response to a request the host sent. Use the App class (@modelcontextprotocol/ext-apps) rather than raw postMessage.',
      group: unhandled ? 'unhandled' : 'malformed',
    });
  },
};
