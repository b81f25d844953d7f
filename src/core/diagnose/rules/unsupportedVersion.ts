import type { Rule } from '../rule';
import { isResponse } from '../../wire/message';
import { describeRequest, quote } from '../describe';
import { FIRST_MODERN_VERSION, LEGACY_VERSIONS } from '../versions';

const SPOKEN = [...LEGACY_VERSIONS, FIRST_MODERN_VERSION];

/** -32022 UnsupportedProtocolVersionError, `data: {supported, requested}` (and the legacy -32602 "Unsupported protocol version"). */
export const unsupportedVersion: Rule = {
  id: 'unsupported-version',
  stage: 'initialization',
  // The server did what the spec asks ("MUST respond with an UnsupportedProtocolVersionError"): an observation,
  // unless the error lacks the data.supported the schema requires or no version is left in common.
  severity: 'info',
  on: ['s2c-response'],
  onEvent(e, ctx, report) {
    if (e.dir !== 's2c' || !isResponse(e.msg) || !e.msg.error || e.msg.id === null) return;
    const { code, message, data } = e.msg.error;
    const r = ctx.requestFor(e.msg.id);
    const legacyStyle = code === -32602 && /unsupported protocol version/i.test(message) && r?.method === 'initialize';
    if (!r || (code !== -32022 && !legacyStyle)) return;
    const d = (typeof data === 'object' && data !== null ? data : {}) as { supported?: unknown; requested?: unknown };
    const supported = Array.isArray(d.supported) ? d.supported.map(String) : undefined;
    const requested = typeof d.requested === 'string' ? d.requested : r.version;
    const common = supported?.filter((v) => SPOKEN.includes(v)) ?? [];
    const base = `${describeRequest(r)} was rejected with ${code} ${quote(message)}: protocolVersion "${requested ?? '?'}" is not supported`;
    if (!supported) {
      report({
        message: `${base}, and the error has no data.supported list`,
        evidence: [r.seq, e.seq],
        severity: 'error',
        hint: 'Include data: {supported: [...versions], requested} in the -32022 error so the client can retry with a version you support.',
      });
      return;
    }
    report({
      message: `${base}; the server supports ${supported.length ? supported.join(', ') : 'nothing it lists'}`,
      evidence: [r.seq, e.seq],
      severity: common.length === 0 ? 'error' : undefined,
      hint: common.length
        ? `The client should retry with "${common.sort().pop()}" from data.supported.`
        : `No version in common: this client speaks ${SPOKEN.join(', ')}; upgrade the server's or the client's MCP SDK.`,
    });
  },
};
