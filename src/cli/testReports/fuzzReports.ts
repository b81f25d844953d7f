/**
 * A fuzz run for CI: JUnit with one <testcase> per tool (a finding is a <failure> that carries
 * the shrunk input, a tool not fuzzed is <skipped>) and one per finding across the run
 * (memory-growth, latency-growth), and SARIF with one result per finding.
 */
import type { Log, ReportingDescriptor, Result } from 'sarif';
import type { Diagnostic } from '../../core/diagnose/diagnostic';
import type { ToolReport } from '../../core/fuzz/fuzzRun';
import { attr, text_ } from './junit';
import { runFindingCases, runFindingResults } from './runFindings';

/** `overRun`: findings across the run; fuzz exits 1 on each, so each is a <failure>. */
export function fuzzJunit(reports: readonly ToolReport[], server: string, overRun: readonly Diagnostic[] = []): string {
  const failures = reports.filter((r) => r.findings.length > 0).length + overRun.length;
  const skipped = reports.filter((r) => r.skipped).length;
  const tests = reports.length + overRun.length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcp-lens fuzz" tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}">`,
  ];
  lines.push(`  <testsuite name="fuzz ${attr(server)}" tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}">`);
  for (const r of reports) {
    const open = `    <testcase name="${attr(r.tool)}" classname="${attr(`${server}.fuzz`)}"`;
    if (r.skipped) {
      lines.push(`${open}>`, `      <skipped message="${attr(r.skipped)}"/>`, '    </testcase>');
    } else if (r.findings.length === 0) {
      lines.push(`${open}/>`);
    } else {
      lines.push(`${open}>`);
      for (const f of r.findings) {
        const body = [f.message, `input (${f.valid ? 'valid' : `invalid: ${f.how}`}): ${JSON.stringify(f.args)}`, f.hint].join('\n');
        lines.push(`      <failure type="${attr(f.rule)}" message="${attr(f.message)}">${text_(body)}</failure>`);
      }
      lines.push('    </testcase>');
    }
  }
  lines.push(...runFindingCases(overRun, `${server}.fuzz`, () => true));
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}

/** `source`: the server's entry file, where code-scanning views place the results (else none). */
export function fuzzSarif(
  reports: readonly ToolReport[],
  toolVersion: string,
  source: string | undefined,
  overRun: readonly Diagnostic[] = [],
): Log {
  const rules = new Map<string, ReportingDescriptor>();
  const results: Result[] = [];
  for (const r of reports) {
    for (const f of r.findings) {
      if (!rules.has(f.rule))
        rules.set(f.rule, { id: f.rule, shortDescription: { text: `MCP Lens diagnostic ${f.rule}, found by fuzzing` } });
      results.push({
        ruleId: f.rule,
        level: f.severity === 'error' ? 'error' : 'warning',
        message: { text: `${r.tool}: ${f.message} (input: ${JSON.stringify(f.args).slice(0, 500)})` },
        ...(source
          ? { locations: [{ physicalLocation: { artifactLocation: { uri: source.split('\\').join('/') }, region: { startLine: 1 } } }] }
          : {}),
      });
    }
  }
  for (const d of overRun)
    if (!rules.has(d.rule))
      rules.set(d.rule, { id: d.rule, shortDescription: { text: `MCP Lens diagnostic ${d.rule} (${d.stage}), across a fuzz run` } });
  results.push(...runFindingResults(overRun, '', source));
  return {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [{ tool: { driver: { name: 'mcp-lens', version: toolVersion, rules: [...rules.values()] } }, results }],
  };
}
