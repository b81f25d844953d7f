/**
 * SARIF 2.1.0 for code-scanning views: each failed expectation is a result at its test's line;
 * each diagnostic of a session is a result at the source line that caused it when the trace
 * knows it (a stray stdout write traced by the preload), else at the test file.
 */
import type { Log, ReportingDescriptor, Result } from 'sarif';
import type { Diagnostic } from '../../core/diagnose/diagnostic';
import { userFrame } from '../../core/preload/stackFrames';
import type { SourceFrame } from '../../core/preload/sourceMap';
import type { TraceEvent } from '../../core/trace/event';
import type { SuiteInput } from './junit';

const LEVEL = { error: 'error', warning: 'warning' } as const;

export function sarifLog(suites: readonly SuiteInput[], toolVersion: string, toUri: (file: string) => string): Log {
  const rules = new Map<string, ReportingDescriptor>();
  const rule = (id: string, description: string) => {
    if (!rules.has(id)) rules.set(id, { id, shortDescription: { text: description } });
    return id;
  };
  const results: Result[] = [];
  for (const suite of suites) {
    const at = (line: number) => [
      { physicalLocation: { artifactLocation: { uri: toUri(suite.result.path) }, region: { startLine: Math.max(1, line) } } },
    ];
    for (const p of suite.result.problems) {
      results.push({
        ruleId: rule('test-file', 'The test file cannot be read as written'),
        level: 'error',
        message: { text: p.message },
        locations: at(p.line),
      });
    }
    for (const t of suite.result.tests) {
      for (const f of t.failures) {
        results.push({
          ruleId: rule(`test-${f.check}`, `A saved call failed its ${f.check} expectation`),
          level: 'error',
          message: { text: `${t.name} (${t.tool}): ${f.message}` },
          locations: at(t.line),
        });
      }
    }
    const testAt = (d: Diagnostic) => suite.result.tests.find((t) => t.diagnostics.includes(d))?.line ?? 1;
    // Info diagnostics are observations (a tool that failed as a test expected it to): not findings.
    for (const d of suite.result.diagnostics.filter((x) => x.severity !== 'info')) {
      const source = sourceOf(d, suite.result.events);
      const locations = source
        ? [
            {
              physicalLocation: {
                artifactLocation: { uri: toUri(source.file) },
                region: { startLine: Math.max(1, source.line), ...(source.column ? { startColumn: source.column } : {}) },
              },
            },
          ]
        : at(testAt(d));
      results.push({
        ruleId: rule(d.rule, `MCP Lens diagnostic ${d.rule} (${d.stage})`),
        level: LEVEL[d.severity as 'error' | 'warning'],
        message: { text: `${suite.server}: ${d.message}` },
        locations,
      });
    }
  }
  return {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [{ tool: { driver: { name: 'mcp-lens', version: toolVersion, rules: [...rules.values()] } }, results }],
  };
}

/** The user's source line behind a diagnostic, from a stray-source event it cites or that explains a line it cites. */
function sourceOf(d: Diagnostic, events: readonly TraceEvent[]): SourceFrame | undefined {
  const cited = new Set(d.evidence);
  for (const e of events) {
    if (e.kind !== 'stray-source' || !Array.isArray(e.info?.stack)) continue;
    const text = typeof e.info.text === 'string' ? e.info.text : undefined;
    const explains =
      cited.has(e.seq) || events.some((s) => cited.has(s.seq) && s.dir === 's2c' && text !== undefined && text.startsWith(s.raw));
    if (explains) return userFrame(e.info.stack as SourceFrame[]);
  }
  return undefined;
}
