import { onFirstAnswer } from '../answer';
import { describeRequest } from '../describe';
import { CACHEABLE_METHODS, isModernRequest } from '../modernResult';
import type { Rule } from '../rule';

const SCOPES = new Set(['public', 'private']);

/**
 * 2026-07-28 CacheableResult (server/discover, every list, resources/read): `ttlMs` (integer,
 * "minimum": 0) and `cacheScope` ("public" | "private") are required.
 */
export const cachingHintInvalid: Rule = {
  id: 'caching-hint-invalid',
  stage: 'envelope',
  severity: 'error',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, _ctx, report) => {
    const result = msg.result;
    if (!isModernRequest(r) || !CACHEABLE_METHODS.has(r.method) || result === undefined) return;
    // An input_required answer is input-required-misplaced's finding, not a cache hint's.
    if (result.resultType === 'input_required') return;
    const faults: string[] = [];
    const ttl = result.ttlMs;
    if (ttl === undefined) faults.push('no "ttlMs"');
    else if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 0)
      faults.push(`"ttlMs" ${JSON.stringify(ttl)} (an integer ≥ 0 is required)`);
    const scope = result.cacheScope;
    if (scope === undefined) faults.push('no "cacheScope"');
    else if (typeof scope !== 'string' || !SCOPES.has(scope))
      faults.push(`"cacheScope" ${JSON.stringify(scope)} (only "public" or "private")`);
    if (faults.length === 0) return;
    report({
      message: `${describeRequest(r)} was answered with ${faults.join(' and ')}: a ${r.version} ${r.method} result is cacheable and carries both hints`,
      evidence: [e.seq, r.seq],
      hint: 'Send ttlMs (milliseconds, 0 for "always stale") and cacheScope ("private" when the answer depends on who asks, else "public").',
    });
  }),
};
