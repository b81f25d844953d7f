/**
 * A load run for CI: JUnit with one <testcase> for the tool (a threshold crossed is a
 * <failure>) and one per finding across the run; SARIF with a result per threshold crossed
 * and per finding.
 */
import type { Log, ReportingDescriptor, Result } from 'sarif';
import type { Diagnostic } from '../../core/diagnose/diagnostic';
import { attr, text_ } from './junit';
import { runFindingCases, runFindingResults } from './runFindings';

export interface LoadOutcome {
  tool: string;
  /** What each threshold crossed says (thresholdFailures). */
  failures: readonly string[];
  findings: readonly Diagnostic[];
  /** Whether a finding fails the run under --fail-on. */
  fails(d: Diagnostic): boolean;
}

export function loadJunit(o: LoadOutcome, server: string): string {
  const failed = (o.failures.length ? 1 : 0) + o.findings.filter((d) => o.fails(d)).length;
  const tests = 1 + o.findings.length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcp-lens load" tests="${tests}" failures="${failed}" errors="0">`,
  ];
  lines.push(`  <testsuite name="load ${attr(server)}" tests="${tests}" failures="${failed}" errors="0">`);
  const open = `    <testcase name="${attr(o.tool)}" classname="${attr(`${server}.load`)}"`;
  if (o.failures.length === 0) lines.push(`${open}/>`);
  else
    lines.push(
      `${open}>`,
      ...o.failures.map((f) => `      <failure type="threshold" message="${attr(f)}">${text_(f)}</failure>`),
      '    </testcase>',
    );
  lines.push(...runFindingCases(o.findings, `${server}.load`, o.fails));
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}

export function loadSarif(o: LoadOutcome, toolVersion: string, source: string | undefined): Log {
  const rules = new Map<string, ReportingDescriptor>();
  const results: Result[] = [];
  if (o.failures.length)
    rules.set('load-threshold', {
      id: 'load-threshold',
      shortDescription: { text: 'A --fail-over threshold of mcp-lens load was crossed' },
    });
  for (const f of o.failures)
    results.push({
      ruleId: 'load-threshold',
      level: 'error',
      message: { text: `${o.tool}: ${f}` },
      ...(source ? { locations: at(source) } : {}),
    });
  for (const d of o.findings)
    if (!rules.has(d.rule))
      rules.set(d.rule, { id: d.rule, shortDescription: { text: `MCP Lens diagnostic ${d.rule} (${d.stage}), across a load run` } });
  results.push(...runFindingResults(o.findings, `${o.tool}: `, source));
  return {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [{ tool: { driver: { name: 'mcp-lens', version: toolVersion, rules: [...rules.values()] } }, results }],
  };
}

function at(source: string) {
  return [{ physicalLocation: { artifactLocation: { uri: source.split('\\').join('/') }, region: { startLine: 1 } } }];
}
