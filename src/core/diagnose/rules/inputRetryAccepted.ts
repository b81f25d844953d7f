import type { Rule } from '../rule';

/**
 * Fuzz's note (fuzz/inputRetries.ts) when a tool completed a retry it must refuse. SEP-2322:
 * servers "MUST reject state that fails integrity verification" (a requestState the client
 * altered: an error); inputResponses missing what was asked "SHOULD" get a new
 * InputRequiredResult re-requesting it (a warning).
 */
export const inputRetryAccepted: Rule = {
  id: 'input-retry-accepted',
  stage: 'flow',
  severity: 'error',
  on: ['meta'],
  onEvent(e, _ctx, report) {
    if (e.kind !== 'note' || e.info?.reason !== 'input-retry-accepted') return;
    const tool = JSON.stringify(String(e.info.tool ?? ''));
    const evidence = [e.info.request, e.info.response].filter((s): s is number => typeof s === 'number');
    if (e.info.retry === 'tampered-state') {
      report({
        message: `tools/call ${tool} completed with a requestState the client had altered (its own state with "-TAMPERED" appended); servers "MUST reject state that fails integrity verification" (SEP-2322)`,
        evidence: [...evidence, e.seq],
        hint: 'requestState goes through the client: protect it (an HMAC with a key only the server holds, or an id into server-side storage) and answer state that does not verify with a JSON-RPC error.',
      });
      return;
    }
    report({
      message: `tools/call ${tool} completed although inputResponses held no answer to what it asked (only a key it never asked for); the server "SHOULD" re-request missing information with a new InputRequiredResult (SEP-2322)`,
      evidence: [...evidence, e.seq],
      severity: 'warning',
      hint: 'Check inputResponses for every key of the inputRequests you sent before acting; when one is missing, answer input_required again asking for it.',
    });
  },
};
