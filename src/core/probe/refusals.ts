import type { Diagnostic } from '../diagnose/diagnostic';
import { PROBE_RULE_IDS } from '../diagnose/diagnostic';
import type { TraceEvent } from '../trace/event';
import { isRequest } from '../wire/message';
import type { ProbeSpan } from './runProbes';

/**
 * The rules that judge an error answer or a missing one as such. A probe asks on purpose for
 * what may be refused (an unknown URI, a prompt name a completion handler does not know): "a
 * server that refuses a probe with an error the spec allows gets no finding" (the tasks probe's
 * tasks/get without the extension is refused with -32021 on purpose). The probe
 * judges its own answers; a hang is its probe-failed, not a second timeout.
 */
const REFUSAL_RULES = new Set<string>([
  'invalid-params',
  'undeclared-capability',
  'domain-error-as-protocol-error',
  'timeout',
  'missing-client-capability',
]);

/** The diagnostics without those a probe's own requests provoked and the probe has already judged. */
export function withoutProbeRefusals(diagnostics: Diagnostic[], events: readonly TraceEvent[], spans: readonly ProbeSpan[]): Diagnostic[] {
  if (spans.length === 0) return diagnostics;
  const inSpan = (seq: number) => spans.some((s) => seq >= s.from && seq <= s.to);
  const probeRequests = new Set(events.filter((e) => e.dir === 'c2s' && isRequest(e.msg) && inSpan(e.seq)).map((e) => e.seq));
  return diagnostics.filter((d) => !isProbeRefusal(d, probeRequests));
}

const PROBE_RULES = new Set<string>(PROBE_RULE_IDS);

/** A refusal of one of the probe's own requests (`probeRequests`: their seqs), which the probe has judged already. */
export function isProbeRefusal(d: Diagnostic, probeRequests: ReadonlySet<number>): boolean {
  return !PROBE_RULES.has(d.rule) && REFUSAL_RULES.has(d.rule) && d.evidence.some((seq) => probeRequests.has(seq));
}
