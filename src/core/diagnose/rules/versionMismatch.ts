import type { Rule } from '../rule';
import { onFirstAnswer } from '../answer';
import { LEGACY_VERSIONS } from '../versions';

/**
 * Legacy lifecycle: the server answers initialize with the requested version if it supports
 * it, "otherwise ... another protocol version it supports"; a client that does not support
 * that version "SHOULD disconnect".
 */
export const versionMismatch: Rule = {
  id: 'version-mismatch',
  stage: 'initialization',
  severity: 'error',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, ctx, report) => {
    if (!msg.result || r.method !== 'initialize') return;
    const chosen = msg.result.protocolVersion;
    const offered = r.version;
    if (typeof chosen === 'string' && (chosen === offered || LEGACY_VERSIONS.includes(chosen))) return;
    const what = typeof chosen === 'string' ? `protocolVersion "${chosen}"` : 'no protocolVersion';
    report({
      message: `The server answered initialize with ${what}; the client offered "${offered ?? '?'}" and speaks ${LEGACY_VERSIONS.join(', ')}`,
      evidence: [r.seq, e.seq],
      hint: `Answer initialize with the client's version when you support it, otherwise the latest legacy version you support (${LEGACY_VERSIONS[LEGACY_VERSIONS.length - 1]}); 2026-07-28 has no initialize (it is negotiated per request and through server/discover).`,
    });
  }),
};
