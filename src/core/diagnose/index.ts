// The diagnostics of DESIGN.md §4: one engine for live sessions and recorded traces.
export { DiagnosticsEngine, diagnose } from './engine';
export { RULES } from './registry';
export type { Rule, Finding, EventClass } from './rule';
export { RULE_IDS, type Diagnostic, type RuleId, type Severity, type Stage } from './diagnostic';
