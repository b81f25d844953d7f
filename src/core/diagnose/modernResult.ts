import type { RequestRecord } from './context';
import { isModernVersion } from './versions';

/**
 * The methods whose 2026-07-28 results are CacheableResults (`ttlMs` and `cacheScope` required),
 * the Skills extension's two among them ("ListSkillsResult extends … CacheableResult",
 * "GetSkillResult extends CacheableResult": SEP-2640).
 */
export const CACHEABLE_METHODS: ReadonlySet<string> = new Set([
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'skills/list',
  'skills/get',
]);

/**
 * The methods whose 2026-07-28 response schema admits an InputRequiredResult
 * (CallToolResultResponse, GetPromptResultResponse, ReadResourceResultResponse: "anyOf
 * InputRequiredResult"); every other result is complete.
 */
export const INPUT_REQUIRED_METHODS: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);

/** A request made under 2026-07-28 or later (`resultType`, caching hints): legacy results have neither. */
export function isModernRequest(r: RequestRecord): boolean {
  return typeof r.version === 'string' && isModernVersion(r.version);
}
