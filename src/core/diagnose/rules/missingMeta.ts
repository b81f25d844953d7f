import type { Rule } from '../rule';
import { isResponse } from '../../wire/message';
import { describeRequest, quote } from '../describe';
import { MODERN_META } from '../versions';

const REQUIRED = [MODERN_META.protocolVersion, MODERN_META.clientCapabilities];

/** Modern: "A request missing any required field is malformed; the server MUST reject it with JSON-RPC error code -32602". */
export const missingMeta: Rule = {
  id: 'missing-meta',
  stage: 'initialization',
  severity: 'error',
  on: ['s2c-response'],
  onEvent(e, ctx, report) {
    if (e.dir !== 's2c' || !isResponse(e.msg) || e.msg.error?.code !== -32602 || e.msg.id === null) return;
    const text = `${e.msg.error.message} ${JSON.stringify(e.msg.error.data ?? '')}`;
    if (!/_meta|protocolVersion|clientCapabilities/i.test(text) || /unsupported protocol version/i.test(text)) return;
    const r = ctx.requestFor(e.msg.id);
    if (!r || ctx.era === 'legacy' || r.method === 'initialize') return;
    if (r.method === 'server/discover' && ctx.era !== 'modern' && r.version === undefined) return;
    const meta = (r.params?._meta ?? {}) as Record<string, unknown>;
    const missing = REQUIRED.filter((k) => meta[k] === undefined);
    if (missing.length > 0) {
      report({
        message: `${describeRequest(r)} was sent without _meta ${missing.map((k) => `"${k}"`).join(', ')} and rejected with -32602 ${quote(e.msg.error.message)}`,
        evidence: [r.seq, e.seq],
        hint: 'Every 2026-07-28 request carries params._meta with "io.modelcontextprotocol/protocolVersion" and "io.modelcontextprotocol/clientCapabilities" (and should carry clientInfo).',
      });
    } else {
      report({
        message: `The server rejected ${describeRequest(r)} with -32602 ${quote(e.msg.error.message)} although the request carried _meta protocolVersion "${String(meta[MODERN_META.protocolVersion])}" and clientCapabilities`,
        evidence: [r.seq, e.seq],
        hint: 'The server reads the fields from the wrong place: they are in params._meta under the "io.modelcontextprotocol/" prefix (not params.protocolVersion, not _meta.protocolVersion).',
      });
    }
  },
};
