import type { ProbeOutcome } from '../core/probe/probe';
import { terminalText } from '../core/text';
import type { Style } from './style';

/**
 * What check's probes did, after the summary: one line naming those that ran, then one dim
 * line per probe skipped or failed with its reason (their findings are the diagnostics below).
 */
export function probeLines(outcomes: readonly ProbeOutcome[], style: Style): string[] {
  if (outcomes.length === 0) return [];
  const ran = outcomes.filter((o) => o.status === 'ran').map((o) => o.probe);
  const out = [`  ${style.dim('probes'.padEnd(14))}${ran.length > 0 ? `ran ${ran.join(', ')}` : 'none ran'}`];
  for (const o of outcomes) {
    if (o.status === 'skipped') out.push(style.dim(`  ${''.padEnd(14)}skipped ${o.probe}: ${terminalText(o.reason)}`));
    else if (o.status === 'failed') out.push(style.yellow(`  ${''.padEnd(14)}failed ${o.probe}: ${terminalText(o.reason)}`));
  }
  return out;
}
