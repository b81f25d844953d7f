/**
 * Judging one call's outcome against its saved expectations. Each failed check is one
 * Failure with both sides as text, so the editor and CI can show them as a diff.
 */
import type { Diagnostic } from '../diagnose/diagnostic';
import { formatToolErrors, validateAgainst } from '../diagnose/toolSchemas';
import { isRecord } from '../schema/isRecord';
import { compareJson, stableJson, withoutMeta, withoutPaths, type Mismatch } from './jsonMatch';
import type { Expectations, Severity } from './testFile';

export type CallOutcome =
  | { kind: 'result'; result: Record<string, unknown>; latencyMs: number }
  | { kind: 'protocol-error'; code: number; message: string; data?: unknown; latencyMs: number }
  | { kind: 'failed'; message: string };

export type Check = 'call' | 'eval' | 'isError' | 'outputSchema' | 'result' | 'snapshot' | 'text' | 'latency' | 'diagnostics';

export interface Failure {
  check: Check;
  message: string;
  /** Both sides as text (pretty JSON for values), when a diff says more than the message. */
  expected?: string;
  actual?: string;
}

const RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

/** The text blocks of a result, joined by newlines (what `text` expectations read). */
export function resultText(result: Record<string, unknown>): string {
  const content = Array.isArray(result.content) ? result.content : [];
  return content
    .filter((c) => isRecord(c) && c.type === 'text' && typeof c.text === 'string')
    .map((c) => (c as { text: string }).text)
    .join('\n');
}

/**
 * Every check that fails. `outputSchema` is the tool's as listed; `diagnostics` are those the
 * call's own messages raised.
 */
export function judge(expect: Expectations, outcome: CallOutcome, outputSchema: unknown, diagnostics: readonly Diagnostic[]): Failure[] {
  if (outcome.kind === 'failed') return [{ check: 'call', message: `the call failed: ${outcome.message}` }];
  if (outcome.kind === 'protocol-error') {
    // A JSON-RPC error means the request never reached the tool: never a pass, whatever isError says.
    return [
      {
        check: 'call',
        message: `the request never reached the tool: ${outcome.code} ${outcome.message}`,
        expected: 'a tools/call result',
        actual: stableJson({ code: outcome.code, message: outcome.message, data: outcome.data }),
      },
    ];
  }
  const failures: Failure[] = [];
  const { result } = outcome;
  const isError = result.isError === true;
  const wantError = expect.isError ?? false;
  if (isError !== wantError) {
    failures.push({
      check: 'isError',
      message: wantError
        ? 'the tool succeeded, but an isError result was expected'
        : `the tool failed (isError): ${resultText(result) || '(no text)'}`,
      expected: `isError: ${wantError}`,
      actual: `isError: ${isError}`,
    });
  }
  failures.push(...checkOutputSchema(result, outputSchema));
  const ignore = expect.ignore ?? [];
  if (expect.result !== undefined) {
    const mismatches = compareJson(withoutPaths(expect.result, ignore), withoutPaths(result, ignore), 'subset');
    if (mismatches.length)
      failures.push({
        check: 'result',
        message: `the result does not contain the expected values: ${describeMismatches(mismatches)}`,
        expected: stableJson(withoutPaths(expect.result, ignore)),
        actual: stableJson(withoutPaths(result, ignore)),
      });
  }
  if (expect.snapshot !== undefined) {
    // Snapshots are written without _meta (see snapshots.ts), so they are compared without it.
    const actual = withoutPaths(withoutMeta(result), ignore);
    const mismatches = compareJson(withoutPaths(expect.snapshot, ignore), actual, 'equal');
    if (mismatches.length)
      failures.push({
        check: 'snapshot',
        message: `the result differs from the snapshot: ${describeMismatches(mismatches)}`,
        expected: stableJson(withoutPaths(expect.snapshot, ignore)),
        actual: stableJson(actual),
      });
  }
  failures.push(...checkText(expect, resultText(result)));
  if (expect.maxLatencyMs !== undefined && outcome.latencyMs > expect.maxLatencyMs) {
    failures.push({
      check: 'latency',
      message: `the call took ${Math.round(outcome.latencyMs)} ms, over the budget of ${expect.maxLatencyMs} ms`,
    });
  }
  if (expect.noDiagnostics !== undefined) {
    const floor = RANK[expect.noDiagnostics];
    // The outputSchema check above already reports a mismatch with its details.
    const raised = diagnostics.filter((d) => RANK[d.severity] >= floor && d.rule !== 'output-schema-mismatch');
    if (raised.length)
      failures.push({
        check: 'diagnostics',
        message: `the call raised ${raised.map((d) => `${d.rule} (${d.severity}): ${d.message}`).join('; ')}`,
      });
  }
  return failures;
}

/** Always checked: a declared outputSchema is a promise the spec says servers MUST keep. */
function checkOutputSchema(result: Record<string, unknown>, schema: unknown): Failure[] {
  if (!isRecord(schema) || result.isError === true) return [];
  if (!('structuredContent' in result))
    return [{ check: 'outputSchema', message: 'the tool declares an outputSchema but returned no structuredContent' }];
  const errors = validateAgainst(schema, result.structuredContent);
  if (!errors?.length) return [];
  return [
    {
      check: 'outputSchema',
      message: `structuredContent does not match the tool's outputSchema: ${formatToolErrors(errors)}`,
      expected: stableJson(schema),
      actual: stableJson(result.structuredContent),
    },
  ];
}

function checkText(expect: Expectations, text: string): Failure[] {
  const failures: Failure[] = [];
  const wanted = expect.text?.contains === undefined ? [] : [expect.text.contains].flat();
  for (const part of wanted) {
    if (!text.includes(part))
      failures.push({ check: 'text', message: `the text does not contain ${JSON.stringify(part)}`, expected: part, actual: text });
  }
  const pattern = expect.text?.matches;
  if (pattern !== undefined && !new RegExp(pattern, 'u').test(text))
    failures.push({ check: 'text', message: `the text does not match /${pattern}/`, expected: `/${pattern}/`, actual: text });
  return failures;
}

function describeMismatches(mismatches: readonly Mismatch[], max = 3): string {
  const shown = mismatches
    .slice(0, max)
    .map(
      (m) =>
        `${m.path || '(the whole result)'}: expected ${JSON.stringify(m.expected) ?? 'nothing'}, got ${JSON.stringify(m.actual) ?? 'nothing'}`,
    );
  return shown.join('; ') + (mismatches.length > max ? ` (and ${mismatches.length - max} more)` : '');
}
