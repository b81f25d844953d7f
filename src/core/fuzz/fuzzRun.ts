/**
 * A fuzz run: for each tool, every input class is sent once (one valid input, then each near
 * miss: the sweep), then fast-check draws inputs from the tool's inputSchema and calls
 * the running server with each; the first input that produces a finding is shrunk to the
 * smallest input that still produces it. The property is then run again, that finding's rule
 * set aside, until the tool's budget of runs is spent: one shrunk input per kind of fault.
 * The same seed draws the same inputs. Each finding is then cut down further by bisecting
 * the lengths in its input (shrinkSizes). A hang costs the full timeout once per input
 * class; later inputs of that class, and shrinking, wait a deadline learned from the
 * server's own latencies (deadline.ts).
 */
import fc from 'fast-check';
import type { Diagnostic, RuleId } from '../diagnose/diagnostic';
import { validateAgainst } from '../diagnose/toolSchemas';
import { findingsOf } from './classify';
import { LearnedDeadline, type DeadlineOptions } from './deadline';
import { shrinkSizes } from './shrinkSizes';
import { fuzzArbitraries, NotFuzzable, type FuzzInput } from './fuzzInputs';
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
  /** fast-check's replay path of the counterexample, with the run's seed (in the sweep: of its input class's arbitrary). */
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
  /** Present when an input class hung: what the hangs cost. */
  hangs?: HangReport;
}

export interface HangReport {
  /** The input classes that hung ("valid", or the near miss). */
  classes: string[];
  /** Calls that waited the full timeout without an answer: at most one per class. */
  fullTimeouts: number;
  /** The deadline learned from the server's latencies, which later inputs of those classes waited. */
  deadlineMs: number;
  /**
   * Inputs not sent at all: of a class that hung, once the tool's hang was a finding (another
   * hang of that class would teach nothing and could cost a restart of a stuck server).
   */
  setAside: number;
}

export interface FuzzOptions {
  runs: number;
  seed: number;
  allowDestructive: boolean;
  /** How many calls shrinking one finding may make: a hang costs a timeout per call. */
  shrinkBudget?: number;
  /** The full timeout of a call. Default: the caller's own, else 30 000 ms. */
  timeoutMs?: number;
  /** The learned deadline's floor, quantile and factor (deadline.ts). */
  deadline?: Omit<DeadlineOptions, 'fullTimeoutMs'>;
  /** Before each call is sent (what a long wait is waiting on). */
  onSend?: (tool: string, input: FuzzInput) => void;
  onCall?: (tool: string, input: FuzzInput, outcome: CallOutcome) => void;
}

export interface FuzzCaller {
  /** `timeoutMs`: how long this call may wait for its answer before it is cancelled. */
  call(tool: string, args: Record<string, unknown>, opts?: { timeoutMs?: number }): Promise<CallOutcome>;
  /** The caller's own request timeout: the full timeout when the options name none. */
  readonly timeoutMs?: number;
}

const DEFAULT_SHRINK_BUDGET = 60;
/** Bisecting lengths: log2 of 100 000 is 17, a few values of an input fit. */
const SIZE_SHRINK_BUDGET = 60;
const DEFAULT_TIMEOUT_MS = 30_000;
/** Findings per tool: a tool rarely has more kinds of fault than this, and each costs a shrink. */
const MAX_FINDINGS = 6;

export async function fuzzTool(tool: ListedTool, caller: FuzzCaller, options: FuzzOptions): Promise<ToolReport> {
  const report: ToolReport = { tool: tool.name, calls: 0, findings: [] };
  // ToolAnnotations: destructiveHint "If true, the tool may perform destructive updates to its environment".
  if (tool.annotations?.destructiveHint === true && !options.allowDestructive) {
    return { ...report, skipped: 'destructiveHint is true: fuzzing could change or delete real data (allow destructive tools to fuzz it)' };
  }
  let inputs: ReturnType<typeof fuzzArbitraries>;
  try {
    inputs = fuzzArbitraries(tool.inputSchema);
  } catch (error) {
    if (error instanceof NotFuzzable) return { ...report, skipped: error.message };
    throw error;
  }
  const known = new Set<RuleId>();
  const deadline = new LearnedDeadline({ ...options.deadline, fullTimeoutMs: options.timeoutMs ?? caller.timeoutMs ?? DEFAULT_TIMEOUT_MS });
  const used = { setAside: 0 };
  const run: Run = { tool, caller: timedCaller(caller, deadline, known, used, report, options), options, known, report };
  const left = () => (report.stopped || report.findings.length >= MAX_FINDINGS ? 0 : options.runs - report.calls - used.setAside);
  const found = (finding: FuzzFinding) => {
    known.add(finding.rule);
    report.findings.push(finding);
  };
  for (const inputClass of inputs.sweep) {
    if (left() <= 0) break;
    const finding = await oneRound(run, inputClass, options.seed, 1);
    if (finding) found(finding);
  }
  for (let round = 0; left() > 0; round++) {
    const finding = await oneRound(run, inputs.random, options.seed + round, left());
    if (!finding) break;
    found(finding);
  }
  if (deadline.hung.length)
    report.hangs = { classes: deadline.hung, fullTimeouts: deadline.fullTimeouts, deadlineMs: deadline.learned(), setAside: used.setAside };
  return report;
}

interface Run {
  tool: ListedTool;
  caller: ClassCaller;
  options: FuzzOptions;
  known: ReadonlySet<RuleId>;
  report: ToolReport;
}

/** Calls an input with the deadline of its class; undefined when it was not sent (see HangReport.setAside) or the server could not be started. */
type ClassCaller = (input: FuzzInput) => Promise<CallOutcome | undefined>;

/** The rule a hang is found by. */
const HANG: RuleId = 'timeout';

function timedCaller(
  caller: FuzzCaller,
  deadline: LearnedDeadline,
  known: ReadonlySet<RuleId>,
  used: { setAside: number },
  report: ToolReport,
  options: FuzzOptions,
): ClassCaller {
  return async (input) => {
    if (report.stopped) return undefined;
    if (known.has(HANG) && deadline.hasHung(input.how)) {
      used.setAside++;
      return undefined;
    }
    const timeoutMs = deadline.for(input.how);
    options.onSend?.(report.tool, input);
    let outcome: CallOutcome;
    try {
      outcome = await caller.call(report.tool, input.args, { timeoutMs });
    } catch (error) {
      // Only starting the server throws (a call's own failure is an outcome): nothing more can be learnt.
      report.stopped = `the server could not be started again: ${error instanceof Error ? error.message : String(error)}`;
      return undefined;
    }
    if (outcome.end === 'hung') deadline.timedOut(input.how, timeoutMs);
    else if (outcome.end === 'result' || outcome.end === 'protocol-error') deadline.answered(outcome.durationMs);
    report.calls++;
    options.onCall?.(report.tool, input, outcome);
    return outcome;
  };
}

/** One fast-check run of `numRuns` inputs: its first finding, shrunk. */
async function oneRound(run: Run, inputs: fc.Arbitrary<FuzzInput>, seed: number, numRuns: number): Promise<FuzzFinding | undefined> {
  const { tool, caller, options, known, report } = run;
  const seen = new Map<string, { findings: Diagnostic[]; end: CallOutcome['end'] }>();
  const budget = options.shrinkBudget ?? DEFAULT_SHRINK_BUDGET;
  let shrinkCalls = -1;
  const property = fc.asyncProperty(inputs, async (input) => {
    // Past the budget, shrinking stops where it is: the last failing input stands. Interrupted,
    // not answered "passes": fast-check would walk the rest of the candidates (a long string in
    // an array has hundreds of thousands), which took minutes and overflowed the stack.
    if (shrinkCalls >= 0 && ++shrinkCalls > budget) throw new fc.PreconditionFailure(true);
    if (report.stopped) return true;
    const outcome = await caller(input);
    if (!outcome) return true;
    const findings = findingsOf(outcome, isValid(tool, input.args)).filter((d) => !known.has(d.rule));
    // A finding that does not come back when shrinking tries the same input again still stands.
    if (findings.length > 0 || !seen.get(key(input))?.findings.length) seen.set(key(input), { findings, end: outcome.end });
    if (findings.length === 0) return true;
    if (shrinkCalls < 0) shrinkCalls = 0;
    return false;
  });
  const details = await fc.check(property, { seed, numRuns });
  if (!details.failed || !details.counterexample) return undefined;
  const [input] = details.counterexample;
  const found = seen.get(key(input));
  if (!found || found.findings.length === 0) return undefined;
  let first = found.findings[0];
  let end = found.end;
  // The same fault from a shorter input: the smallest reproduction's own diagnostic stands.
  // A valid input stays valid: "fails on a valid input" is the finding, and a cut below a
  // minLength would turn it into one the server may refuse.
  const mustStayValid = isValid(tool, input.args);
  const sized = await shrinkSizes(
    input.args,
    async (args) => {
      if (mustStayValid && !isValid(tool, args)) return false;
      const outcome = await caller({ args, how: input.how });
      const same = outcome && findingsOf(outcome, isValid(tool, args)).find((d) => d.rule === first.rule);
      if (!same || !outcome) return false;
      first = same;
      end = outcome.end;
      return true;
    },
    SIZE_SHRINK_BUDGET,
  );
  return {
    tool: tool.name,
    rule: first.rule,
    severity: first.severity,
    message: first.message,
    hint: first.hint,
    args: sized.args,
    how: input.how,
    valid: isValid(tool, sized.args),
    end,
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
