/**
 * JUnit XML, the dialect CI systems read (Jenkins xUnit's junit-10 element set; GitLab,
 * GitHub actions and Azure read the same): one <testsuite> per test file, one <testcase>
 * per saved call, classname `server.tool`. A file that could not run is one <error> case.
 */
import type { FileResult } from '../../core/testing/runner';

export interface SuiteInput {
  /** The file as the user named it (relative to where the command ran). */
  name: string;
  server: string;
  result: FileResult;
}

export function junitXml(suites: readonly SuiteInput[]): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const total = suites.reduce((n, s) => n + caseCount(s), 0);
  const failures = suites.reduce((n, s) => n + s.result.tests.filter((t) => t.status === 'failed').length, 0);
  const errors = suites.reduce((n, s) => n + errorCount(s), 0);
  const time = suites.reduce((n, s) => n + suiteSeconds(s), 0);
  lines.push(`<testsuites name="mcp-lens" tests="${total}" failures="${failures}" errors="${errors}" time="${seconds(time)}">`);
  for (const suite of suites) lines.push(...suiteLines(suite));
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

function caseCount(s: SuiteInput): number {
  return s.result.tests.length + (s.result.problems.length ? 1 : 0);
}

function errorCount(s: SuiteInput): number {
  return s.result.problems.length ? 1 : 0;
}

function suiteSeconds(s: SuiteInput): number {
  return s.result.tests.reduce((n, t) => n + t.durationMs / 1000, 0);
}

function suiteLines(s: SuiteInput): string[] {
  const { result } = s;
  const failed = result.tests.filter((t) => t.status === 'failed').length;
  const out = [
    `  <testsuite name="${attr(s.name)}" tests="${caseCount(s)}" failures="${failed}" errors="${errorCount(s)}" time="${seconds(suiteSeconds(s))}" file="${attr(s.name)}">`,
  ];
  if (result.problems.length) {
    const text = result.problems.map((p) => `${s.name}:${p.line}: ${p.message}`).join('\n');
    out.push(
      `    <testcase name="(test file)" classname="${attr(s.server)}" time="0">`,
      `      <error type="test-file" message="${attr(result.problems[0].message)}">${text_(text)}</error>`,
      '    </testcase>',
    );
  }
  for (const t of result.tests) {
    const open = `    <testcase name="${attr(t.name)}" classname="${attr(`${s.server}.${t.tool}`)}" time="${seconds(t.durationMs / 1000)}"`;
    if (t.status === 'passed') {
      out.push(`${open}/>`);
      continue;
    }
    out.push(`${open}>`);
    for (const f of t.failures) {
      const body = [
        `${s.name}:${t.line}: ${f.message}`,
        ...(f.expected !== undefined ? ['expected:', f.expected] : []),
        ...(f.actual !== undefined ? ['actual:', f.actual] : []),
      ].join('\n');
      out.push(`      <failure type="${f.check}" message="${attr(f.message)}">${text_(body)}</failure>`);
    }
    out.push('    </testcase>');
  }
  out.push('  </testsuite>');
  return out;
}

/** Seconds with millisecond precision, in the SUREFIRE_TIME form (no exponent, no comma). */
function seconds(s: number): string {
  return s.toFixed(3);
}

// XML 1.0 cannot carry most control characters even escaped: they become U+FFFD.
const INVALID_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function text_(value: string): string {
  return value.replace(INVALID_XML, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function attr(value: string): string {
  return text_(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}
