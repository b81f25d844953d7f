import type { Diagnostic } from '../diagnose/diagnostic';
import type { TraceEvent } from '../trace/event';
import { eventLine } from './eventText';

/** Evidence lines shown per diagnostic; the rest are named by seq. */
const EVIDENCE_LINES = 3;

/**
 * Diagnostics with their evidence, errors first: the rule id, what happened, what to do,
 * and the trace lines that prove it (`event` finds one by seq, when it is still in memory).
 */
export function diagnosticsText(diagnostics: readonly Diagnostic[], event: (seq: number) => TraceEvent | undefined): string {
  if (diagnostics.length === 0) return 'No diagnostics: nothing wrong seen so far.';
  const order = { error: 0, warning: 1, info: 2 } as const;
  const sorted = [...diagnostics].sort((a, b) => order[a.severity] - order[b.severity]);
  const counts = (['error', 'warning', 'info'] as const).map((s) => `${sorted.filter((d) => d.severity === s).length} ${s}`).join(', ');
  const blocks = sorted.map((d) => {
    const lines = [`[${d.severity}] ${d.rule} (${d.stage}): ${d.message}`, `  fix: ${d.hint}`];
    for (const seq of d.evidence.slice(0, EVIDENCE_LINES)) {
      const e = event(seq);
      lines.push(`  evidence ${e ? eventLine(e) : `#${seq} (no longer in memory)`}`);
    }
    if (d.evidence.length > EVIDENCE_LINES)
      lines.push(
        `  evidence also: ${d.evidence
          .slice(EVIDENCE_LINES)
          .map((s) => `#${s}`)
          .join(', ')}`,
      );
    return lines.join('\n');
  });
  return [`${sorted.length} diagnostic(s): ${counts}.`, ...blocks].join('\n');
}

/** The diagnostics any of whose evidence lies in the seq range [from, to]. */
export function diagnosticsWithin(diagnostics: readonly Diagnostic[], from: number, to: number): Diagnostic[] {
  return diagnostics.filter((d) => d.evidence.some((seq) => seq >= from && seq <= to));
}
