import { DiagnosticSeverity, type Diagnostic as LspDiagnostic, type DiagnosticRelatedInformation, type Range } from 'vscode-languageserver';
import type { Diagnostic, Severity } from '../core/diagnose/diagnostic';
import type { Analysis } from './analysis';
import { summary } from './describe';
import type { Located } from './located';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

export const SOURCE = 'mcp-lens';

/** A file that is not a trace at all would otherwise get a diagnostic on every line. */
const MAX_PROBLEMS = 200;

/** The whole lines an event occupies. */
export function rangeOf(analysis: Analysis, item: Located): Range {
  return { start: { line: item.start, character: 0 }, end: { line: item.end, character: analysis.lineText(item.end).length } };
}

/**
 * DESIGN.md §4 diagnostics on the line of the event that proves them (the first evidence),
 * with the other evidence as related information, plus the lines that could not be read.
 */
export function toLspDiagnostics(analysis: Analysis, uri: string): LspDiagnostic[] {
  const shown = analysis.problems.slice(0, MAX_PROBLEMS);
  const out: LspDiagnostic[] = shown.map((problem) => ({
    range: lineRange(analysis, problem.line),
    severity: DiagnosticSeverity.Error,
    source: SOURCE,
    code: 'unreadable-line',
    message: problem.message,
  }));
  const more = analysis.problems.length - shown.length;
  if (more > 0) {
    out.push({
      range: lineRange(analysis, analysis.problems[MAX_PROBLEMS].line),
      severity: DiagnosticSeverity.Error,
      source: SOURCE,
      code: 'unreadable-line',
      message: `…and ${more} more lines from here on that are not trace events, JSON-RPC messages or MCP output-channel lines. Is this an MCP trace?`,
    });
  }
  for (const diagnostic of analysis.diagnostics) out.push(toLsp(analysis, uri, diagnostic));
  return out;
}

function lineRange(analysis: Analysis, line: number): Range {
  return { start: { line, character: 0 }, end: { line, character: analysis.lineText(line).length } };
}

function toLsp(analysis: Analysis, uri: string, d: Diagnostic): LspDiagnostic {
  const evidence = d.evidence.map((seq) => analysis.bySeq(seq)).filter((item): item is Located => item !== undefined);
  const [first, ...rest] = evidence;
  const range = first ? rangeOf(analysis, first) : lineRange(analysis, 0);
  const retry = d.retry ? 'retrying may help' : 'retrying will not help';
  const related: DiagnosticRelatedInformation[] = rest.map((item) => ({
    location: { uri, range: rangeOf(analysis, item) },
    message: `evidence: ${summary(item.event)} (seq ${item.event.seq})`,
  }));
  const result: LspDiagnostic = {
    range,
    severity: SEVERITY[d.severity],
    source: SOURCE,
    code: d.rule,
    message: `${d.message} [${d.rule} · stage ${d.stage} · ${retry}]${d.hint ? `\nHint: ${d.hint}` : ''}`,
  };
  if (related.length > 0) result.relatedInformation = related;
  return result;
}
