import type { Rule } from '../rule';
import { onFirstAnswer } from '../answer';
import { isModernVersion } from '../versions';

/** "Servers MUST implement server/discover" (2026-07-28); a server claiming that version but failing the probe cannot be reached by a modern client. */
export const noDiscover: Rule = {
  id: 'no-discover',
  stage: 'initialization',
  severity: 'error',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, ctx, report) => {
    if (!msg.result || r.method !== 'initialize' || !ctx.discover) return;
    const claimed = msg.result.protocolVersion;
    if (typeof claimed !== 'string' || !isModernVersion(claimed)) return;
    const failure = ctx.discoverFailure;
    const how = failure
      ? failure.how === 'timeout'
        ? 'did not answer server/discover'
        : `answered server/discover with ${failure.code !== undefined ? `error ${failure.code}` : 'something other than a DiscoverResult'}`
      : 'never answered server/discover';
    report({
      message: `The server claims protocolVersion "${claimed}" in its initialize result but ${how}`,
      evidence: [e.seq, ctx.discover.seq, ...(failure ? [failure.seq] : [])],
      hint: `A ${claimed} server MUST implement server/discover (supportedVersions, capabilities, ttlMs, cacheScope); a server that only has initialize must answer it with a legacy version (2025-11-25 or earlier).`,
    });
  }),
};
