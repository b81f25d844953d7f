/**
 * Findings judged over a whole run (memory-growth, latency-growth: the server's memory and
 * latency across the calls) in the CI reports of `fuzz` and `load`, like any other diagnostic:
 * a JUnit <failure> (or, under a --fail-on it does not reach, a passing case that still says
 * it), and a SARIF result at the server's entry file.
 */
import type { Result } from 'sarif';
import type { Diagnostic } from '../../core/diagnose/diagnostic';
import { attr, text_ } from './junit';

/** One <testcase> per finding, named by its rule; `fails` says whether it fails the run. */
export function runFindingCases(findings: readonly Diagnostic[], classname: string, fails: (d: Diagnostic) => boolean): string[] {
  return findings.map((d) => {
    const open = `    <testcase name="${attr(`across the run: ${d.rule}`)}" classname="${attr(classname)}">`;
    const body = text_([d.message, `evidence: events ${d.evidence.map((e) => `#${e}`).join(', ')} of the run's trace`, d.hint].join('\n'));
    const inner = fails(d)
      ? `      <failure type="${attr(d.rule)}" message="${attr(d.message)}">${body}</failure>`
      : `      <system-out>${d.severity}: ${body}</system-out>`;
    return [open, inner, '    </testcase>'].join('\n');
  });
}

/** One SARIF result per finding, at `source` (the server's entry file) when known. */
export function runFindingResults(findings: readonly Diagnostic[], prefix: string, source: string | undefined): Result[] {
  return findings.map((d) => ({
    ruleId: d.rule,
    level: d.severity === 'error' ? 'error' : d.severity === 'warning' ? 'warning' : 'note',
    message: { text: `${prefix}${d.message}` },
    ...(source
      ? { locations: [{ physicalLocation: { artifactLocation: { uri: source.split('\\').join('/') }, region: { startLine: 1 } } }] }
      : {}),
  }));
}

/** The server's entry file among its arguments (a script), where code-scanning views place results. */
export function entryFile(args: readonly string[]): string | undefined {
  return args.find((a) => /\.(m?[jt]s|cjs|py)$/.test(a));
}
