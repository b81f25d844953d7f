import type { Diagnostic, Severity } from '../core/diagnose/diagnostic';
import { terminalText } from '../core/text';
import type { Style } from './style';

const ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

function badge(severity: Severity, style: Style): string {
  switch (severity) {
    case 'error':
      return style.red(style.bold('✗ error  '));
    case 'warning':
      return style.yellow('⚠ warning');
    default:
      return style.cyan('ℹ info   ');
  }
}

/**
 * One card per diagnostic: severity, rule and stage, the message, the evidence (each cited
 * seq with its trace line when the trace is at hand), whether a retry can help, the hint.
 */
export function diagnosticLines(diagnostics: readonly Diagnostic[], style: Style, eventLines?: ReadonlyMap<number, string>): string[] {
  const out: string[] = [];
  const sorted = [...diagnostics].sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
  for (const d of sorted) {
    out.push(`${badge(d.severity, style)} ${style.bold(d.rule)} ${style.dim(`[${d.stage}]`)}`);
    out.push(`    ${terminalText(d.message)}`);
    if (d.evidence.length > 0) {
      out.push(`    ${style.dim('evidence:')} ${d.evidence.map((seq) => `#${seq}`).join(', ')}`);
      for (const seq of d.evidence) {
        const line = eventLines?.get(seq);
        if (line !== undefined) out.push(`    ${line}`);
      }
    }
    out.push(`    ${style.dim('retry:')} ${d.retry ? 'may help (transport failure)' : 'will not help'}`);
    if (d.hint) out.push(`    ${style.dim('hint:')} ${d.hint}`);
  }
  out.push(summary(diagnostics, style));
  return out;
}

export function summary(diagnostics: readonly Diagnostic[], style: Style): string {
  if (diagnostics.length === 0) return style.green('No problems found.');
  const count = (severity: Severity) => diagnostics.filter((d) => d.severity === severity).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const text = `${plural(count('error'), 'error')}, ${plural(count('warning'), 'warning')}, ${count('info')} info`;
  return count('error') > 0 ? style.red(text) : style.yellow(text);
}

export function hasError(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
