/**
 * A fuzz run: for each tool, fast-check draws inputs from the tool's inputSchema and calls
 * the running server with each; the first input that produces a finding is shrunk to the
 * smallest input that still produces it. The property is then run again, that finding's rule
 * set aside, until the tool's budget of runs is spent: one shrunk input per kind of fault.
 * The same seed draws the same inputs.
 */
import fc from 'fast-check';
import type { Diagnostic, RuleId } from '../diagnose/diagnostic';
import { validateAgainst } from '../diagnose/toolSchemas';
import { findingsOf } from './classify';
import { inputArbitrary, NotFuzzable, type FuzzInput } from './fuzzInputs';
import type { CallOutcome, ListedTool } from './fuzzSession';

export interface FuzzFinding {
  tool: string;
  rule: RuleId;
  severity: Diagnostic['severity'];
  message: string;
  hint: string;
  /** The shrunk input that produces the finding. */
  args: Record<string, unknown>;
  /** "valid", or which near miss it is. */
  how: string;
  /** Whether the arguments satisfy the tool's inputSchema. */
  valid: boolean;
  /** How the shrunk call ended (crashed, hung, result, protocol-error). */
  end: CallOutcome['end'];
  /** fast-check's replay path of the counterexample, with the run's seed. */
  replay: { seed: number; path: string };
}

export interface ToolReport {
  tool: string;
  /** Why the tool was not fuzzed (a schema the generator cannot read, a destructive tool). */
  skipped?: string;
  /** Why the run of this tool ended before its budget: the server could not be started again. */
  stopped?: string;
  calls: number;
  findings: FuzzFinding[];
}

export interface FuzzOptions {
  runs: number;
  seed: number;
  allowDestructive: boolean;
  /** How many calls shrinking one finding may make: a hang costs a timeout per call. */
  shrinkBudget?: number;
  onCall?: (tool: string, input: FuzzInput, outcome: CallOutcome) => void;
}

export interface FuzzCaller {
  call(tool: string, args: Record<string, unknown>): Promise<CallOutcome>;
}

const DEFAULT_SHRINK_BUDGET = 60;
/** Rounds per tool: a tool rarely has more kinds of fault than this, and each round costs runs. */
const MAX_ROUNDS = 6;

export async function fuzzTool(tool: ListedTool, caller: FuzzCaller, options: FuzzOptions): Promise<ToolReport> {
  const report: ToolReport = { tool: tool.name, calls: 0, findings: [] };
  // ToolAnnotations: destructiveHint "If true, the tool may perform destructive updates to its environment".
  if (tool.annotations?.destructiveHint === true && !options.allowDestructive) {
    return { ...report, skipped: 'destructiveHint is true: fuzzing could change or delete real data (allow destructive tools to fuzz it)' };
  }
  let inputs: fc.Arbitrary<FuzzInput>;
  try {
    inputs = inputArbitrary(tool.inputSchema);
  } catch (error) {
    if (error instanceof NotFuzzable) return { ...report, skipped: error.message };
    throw error;
  }
  const known = new Set<RuleId>();
  for (let round = 0; round < MAX_ROUNDS && report.calls < options.runs; round++) {
    const finding = await oneRound(tool, inputs, caller, options, known, round, report);
    if (finding) {
      known.add(finding.rule);
      report.findings.push(finding);
    }
    if (report.stopped || !finding) break;
  }
  return report;
}

async function oneRound(tool: ListedTool, inputs: fc.Arbitrary<FuzzInput>, caller: FuzzCaller, options: FuzzOptions, known: ReadonlySet<RuleId>, round: number, report: ToolReport): Promise<FuzzFinding | undefined> {
  const seen = new Map<string, { findings: Diagnostic[]; end: CallOutcome['end'] }>();
  const budget = options.shrinkBudget ?? DEFAULT_SHRINK_BUDGET;
  let shrinkCalls = -1;
  const seed = options.seed + round;
  const property = fc.asyncProperty(inputs, async (input) => {
    // Past the budget, shrinking stops where it is: the last failing input stands.
    if (report.stopped || (shrinkCalls >= 0 && ++shrinkCalls > budget)) return true;
    let outcome: CallOutcome;
    try {
      outcome = await caller.call(tool.name, input.args);
    } catch (error) {
      // Only starting the server throws (a call's own failure is an outcome): nothing more can be learnt.
      report.stopped = `the server could not be started again: ${error instanceof Error ? error.message : String(error)}`;
      return true;
    }
    report.calls++;
    options.onCall?.(tool.name, input, outcome);
    const findings = findingsOf(outcome, isValid(tool, input.args)).filter((d) => !known.has(d.rule));
    seen.set(key(input), { findings, end: outcome.end });
    if (findings.length === 0) return true;
    if (shrinkCalls < 0) shrinkCalls = 0;
    return false;
  });
  const details = await fc.check(property, { seed, numRuns: Math.max(1, options.runs - report.calls) });
  if (!details.failed || !details.counterexample) return undefined;
  const [input] = details.counterexample;
  const found = seen.get(key(input));
  if (!found || found.findings.length === 0) return undefined;
  const first = found.findings[0];
  return {
    tool: tool.name,
    rule: first.rule,
    severity: first.severity,
    message: first.message,
    hint: first.hint,
    args: input.args,
    how: input.how,
    valid: isValid(tool, input.args),
    end: found.end,
    replay: { seed, path: details.counterexamplePath ?? '' },
  };
}

function isValid(tool: ListedTool, args: Record<string, unknown>): boolean {
  const errors = validateAgainst(tool.inputSchema ?? { type: 'object' }, args);
  // A schema the validator cannot compile checks nothing: the input counts as valid.
  return errors === undefined || errors.length === 0;
}

function key(input: FuzzInput): string {
  return `${input.how}\n${JSON.stringify(input.args)}`;
}
