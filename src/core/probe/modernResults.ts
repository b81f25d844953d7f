import type { Probe, ProbeContext, ProbeId } from './probe';

/**
 * The 2026-07-28 result checks: `resultType` on every result, `ttlMs`/`cacheScope` on
 * server/discover, list and read results, `input_required` only where the schema admits it.
 * They are true of every message of a session, so the trace rules (result-type-missing,
 * caching-hint-invalid, input-required-misplaced) judge them, live and in `lint`, over what
 * discovery, listing and the other probes already asked: these probes ask nothing more and
 * only tell the report that the check applied.
 */
function modernOnly(id: ProbeId, title: string): Probe {
  return {
    id,
    title,
    skip: (ctx: ProbeContext) =>
      ctx.info.era === 'modern'
        ? undefined
        : `${ctx.info.protocolVersion} results have no ${id === 'caching' ? 'caching hints' : id === 'result-type' ? 'resultType' : 'input_required'} (2026-07-28 and later)`,
    run: () => Promise.resolve(),
  };
}

export const resultTypeProbe = modernOnly('result-type', 'every result carries resultType');
export const cachingProbe = modernOnly('caching', 'discover, list and read results carry valid ttlMs and cacheScope');
export const inputRequiredPlacementProbe = modernOnly(
  'input-required-placement',
  'input_required only answers tools/call, prompts/get and resources/read',
);
