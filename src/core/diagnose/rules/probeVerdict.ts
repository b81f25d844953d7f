import type { TraceEvent } from '../../trace/event';
import type { ProbeVerdict } from '../../probe/probe';
import type { ProbeRule, Severity, Stage } from '../diagnostic';
import type { Rule } from '../rule';

export function probeVerdict(e: TraceEvent): ProbeVerdict | undefined {
  if (e.dir !== 'meta' || e.kind !== 'probe') return undefined;
  const v = e.info?.verdict as ProbeVerdict | undefined;
  return v && typeof v.rule === 'string' && typeof v.message === 'string' ? v : undefined;
}

/**
 * A rule a probe of `check` judges (DESIGN.md §9): the probe knows what it asked and why (an
 * unknown URI on purpose, a foreign Origin) and records its verdict in the trace; the rule is
 * where the catalogue, the stage, the severity and the exit code meet it, live and in `lint`.
 */
export function probeRule(id: ProbeRule, stage: Stage, severity: Severity): Rule {
  return {
    id,
    stage,
    severity,
    on: ['meta'],
    onEvent(e, _ctx, report) {
      const verdict = probeVerdict(e);
      if (verdict?.rule !== id) return;
      report({
        message: verdict.message,
        evidence: [...verdict.evidence.filter((s) => s < e.seq), e.seq],
        hint: verdict.hint,
        retry: false,
        ...(verdict.severity ? { severity: verdict.severity } : {}),
        ...(verdict.group ? { group: verdict.group } : {}),
      });
    },
  };
}
