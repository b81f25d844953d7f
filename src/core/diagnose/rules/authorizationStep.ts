import type { AuthRule } from '../../auth/errors';
import type { TraceEvent } from '../../trace/event';
import type { Severity } from '../diagnostic';
import type { Rule } from '../rule';

/** What the authorization flow recorded when a step failed (the meta 'auth' event's `authFailure`). */
export interface AuthFailureFact {
  rule: AuthRule;
  message: string;
  hint: string;
  evidence: number[];
}

export function authFailure(e: TraceEvent): AuthFailureFact | undefined {
  if (e.dir !== 'meta' || e.kind !== 'auth') return undefined;
  const f = e.info?.authFailure as AuthFailureFact | undefined;
  return f && typeof f.rule === 'string' && typeof f.message === 'string' ? f : undefined;
}

/**
 * A rule of the `authorization` stage: it reports the failure the flow recorded for its step,
 * citing the exchanges that prove it and the failure itself. The flow (src/core/auth) knows
 * which step failed; the rule is where the catalogue, the severity and the CLI exit code meet it.
 */
export function authorizationStep(id: AuthRule, severity: Severity = 'error'): Rule {
  return {
    id,
    stage: 'authorization',
    severity,
    on: ['meta'],
    onEvent(e, _ctx, report) {
      const failure = authFailure(e);
      if (failure?.rule !== id) return;
      report({
        message: failure.message,
        evidence: [...failure.evidence.filter((s) => s < e.seq), e.seq],
        hint: failure.hint,
        retry: false,
      });
    },
  };
}
