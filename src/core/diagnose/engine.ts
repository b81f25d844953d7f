import type { TraceEvent } from '../trace/event';
import type { Diagnostic, RuleId, Severity } from './diagnostic';
import { DiagnoseContext } from './context';
import { RULES } from './registry';
import type { EventClass, Finding, Report, Rule } from './rule';
import { madeUpStart } from './ruleWarmup';
import { isProbeRequestId } from '../probe/requestId';

/**
 * A flood of one fault (a banner per message) says nothing new after this many. Counted per
 * rule, severity AND finding group: 50 banner lines must not hide a different finding of the
 * same rule that follows them (an oversize line after a chatty startup), and a flood of
 * errors still stays readable.
 */
export const MAX_PER_RULE = 50;

/** Whether this process's rules have had their first run, on a made-up Start (ruleWarmup.ts). */
let rulesWarm = false;

/**
 * The rules' first run, now, unless this process has had it: for a host with idle time before
 * its first Start (the editor after activation). The CPU it takes while a server boots, the
 * engine's own warm-up and the validators' first loads, competed with that server for the
 * cores and delayed its first answer (`npm run bench`, "Start to tools listed").
 */
export function warmDiagnostics(): void {
  if (rulesWarm) return;
  rulesWarm = true;
  readMadeUpStart(RULES);
}

function readMadeUpStart(rules: readonly Rule[]): void {
  const engine = new DiagnosticsEngine(rules);
  for (const e of madeUpStart()) engine.feed(e);
}

/**
 * Runs the rules over a trace, one event at a time: live (feed each event as it is
 * recorded) and offline (`diagnose`) share this code, so both give the same answer.
 */
export class DiagnosticsEngine {
  private readonly ctx = new DiagnoseContext();
  private readonly found: Diagnostic[] = [];
  private readonly counts = new Map<string, number>();
  /** One summary per capped rule+severity+group, its message updated as more are dropped. */
  private readonly summaries = new Map<string, { d: Diagnostic; more: number }>();
  private readonly ruleFailures: { rule: RuleId; seq?: number; error: unknown }[] = [];
  private ended = false;

  /** Rules by the class of event they look at, so a flood of one kind runs only its few rules. */
  private readonly dispatch = new Map<EventClass, Dispatch>();
  /**
   * Of a notification class, the rules by method (Rule.notifications): each method some rule
   * names has its own, every other method those that name none (a bounded table, whatever
   * methods a server invents).
   */
  private readonly byMethod = new Map<EventClass, { named: ReadonlyMap<string, Dispatch>; other: Dispatch }>();
  /** The rules of the notification method looked up last: a flood repeats one method. */
  private lastNotification: { cls: EventClass; method: string; dispatch: Dispatch } | undefined;
  /** Where the current feed/end collects its findings (created on the first one: most events prove nothing). */
  private out: Diagnostic[] | undefined;
  private readonly reporters: ReadonlyMap<Rule, Report>;

  constructor(private readonly rules: readonly Rule[] = RULES) {
    // One report function per rule, made once: a closure per rule per event was a hot spot on large traces.
    const reporters = new Map(rules.map((rule) => [rule, (f: Finding) => this.add(rule, f)] as const));
    for (const cls of CLASSES) {
      const entries = rules
        .filter((r) => r.onEvent && (!r.on || r.on.includes(cls)))
        .map((rule) => ({ rule, report: reporters.get(rule)! }));
      this.dispatch.set(cls, dispatchOf(entries));
      if (!cls.endsWith('-notification')) continue;
      const about = (method: string) =>
        dispatchOf(entries.filter(({ rule }) => !rule.notifications || rule.notifications.includes(method)));
      const named = new Map(entries.flatMap(({ rule }) => rule.notifications ?? []).map((method) => [method, about(method)] as const));
      this.byMethod.set(cls, { named, other: dispatchOf(entries.filter(({ rule }) => !rule.notifications)) });
    }
    this.reporters = reporters;
  }

  get all(): readonly Diagnostic[] {
    return this.found;
  }

  /** How many diagnostics each rule found beyond the cap (its summary says so too). */
  get suppressed(): ReadonlyMap<RuleId, number> {
    const out = new Map<RuleId, number>();
    for (const { d, more } of this.summaries.values()) out.set(d.rule, (out.get(d.rule) ?? 0) + more);
    return out;
  }

  /** Rules that threw (a rule's bug must not stop the others or the session). */
  get failures(): readonly { rule: RuleId; seq?: number; error: unknown }[] {
    return this.ruleFailures;
  }

  /** The diagnostics this event newly proves (most events: the one shared, frozen, empty list). */
  feed(e: TraceEvent): readonly Diagnostic[] {
    // The first request has gone out: the server is starting, and this process has time to spare.
    if (!rulesWarm && e.dir === 'c2s' && e.kind === 'request') this.warmRules();
    if (isProbeExchange(e)) return NONE;
    this.out = undefined;
    const dispatch = this.dispatchFor(e);
    const rules = hasLineFacts(e) ? dispatch.all : dispatch.plain;
    for (let i = 0; i < rules.length; i++) {
      const { rule, report } = rules[i]!;
      try {
        rule.onEvent!(e, this.ctx, report);
      } catch (error) {
        this.ruleFailures.push({ rule: rule.id, seq: e.seq, error });
      }
    }
    this.ctx.update(e);
    return this.take();
  }

  /** Once per process, after this turn: the rules read a made-up Start on an engine of their own. */
  private warmRules(): void {
    rulesWarm = true;
    setImmediate(() => readMadeUpStart(this.rules));
  }

  /** The rules of `e`'s class; of a notification, only those about its method (Rule.notifications). */
  private dispatchFor(e: TraceEvent): Dispatch {
    const cls = classOf(e);
    const last = this.lastNotification;
    if (last?.cls === cls && (e.msg as { method?: unknown }).method === last.method) return last.dispatch;
    const byMethod = this.byMethod.get(cls);
    const method = byMethod && (e.msg as { method?: unknown }).method;
    // A method that is not a string names nothing: every rule of the class looks at it.
    if (typeof method !== 'string') return this.dispatch.get(cls)!;
    const dispatch = byMethod!.named.get(method) ?? byMethod!.other;
    this.lastNotification = { cls, method, dispatch };
    return dispatch;
  }

  private take(): readonly Diagnostic[] {
    const out = this.out ?? NONE;
    this.out = undefined;
    return out;
  }

  /** End of stream: what only the whole trace proves (e.g. nothing ever came back). Idempotent. */
  end(): readonly Diagnostic[] {
    if (this.ended) return [];
    this.ended = true;
    this.out = undefined;
    for (const rule of this.rules) {
      if (!rule.onEnd) continue;
      try {
        rule.onEnd(this.ctx, this.reporters.get(rule)!);
      } catch (error) {
        this.ruleFailures.push({ rule: rule.id, error });
      }
    }
    return this.take();
  }

  private add(rule: Rule, f: Finding): void {
    this.ctx.fired.add(rule.id);
    const severity = f.severity ?? rule.severity;
    const key = f.group === undefined ? `${rule.id} ${severity}` : `${rule.id} ${severity} ${f.group}`;
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    if (count > MAX_PER_RULE) {
      this.summarise(rule, severity, key, f);
      return;
    }
    const d: Diagnostic = {
      rule: rule.id,
      severity,
      stage: rule.stage,
      message: f.message,
      evidence: [...new Set(f.evidence)],
      // Only a transport failure can go away by trying again.
      retry: f.retry ?? rule.stage === 'transport',
      hint: f.hint,
    };
    this.found.push(d);
    (this.out ??= []).push(d);
  }

  /**
   * Past the cap: one diagnostic of the rule stands for the rest. It is reported once, when the
   * cap is first passed, and its count is updated in place, so `all` and end() see the final number.
   */
  private summarise(rule: Rule, severity: Severity, key: string, f: Finding): void {
    const summary = this.summaries.get(key);
    if (summary) {
      summary.more++;
      summary.d.message = moreMessage(summary.more);
      return;
    }
    const d: Diagnostic = {
      rule: rule.id,
      severity,
      stage: rule.stage,
      message: moreMessage(1),
      // The first dropped one: where to start reading the rest in the trace.
      evidence: [...new Set(f.evidence)],
      retry: f.retry ?? rule.stage === 'transport',
      hint: f.hint,
    };
    this.summaries.set(key, { d, more: 1 });
    this.found.push(d);
    (this.out ??= []).push(d);
  }
}

/** What feed and end give when nothing new is proven: one list, not a new one per event. */
const NONE: readonly Diagnostic[] = Object.freeze([]);

function moreMessage(n: number): string {
  return `…and ${n} more like this (the trace has them all)`;
}

const CLASSES: readonly EventClass[] = [
  's2c-request',
  's2c-response',
  's2c-notification',
  's2c-line',
  'c2s-request',
  'c2s-response',
  'c2s-notification',
  'c2s-line',
  'stderr',
  'meta',
];

/** A rule with the one report function it is given (made once per engine). */
interface RuleEntry {
  rule: Rule;
  report: Report;
}

/** Rules to run: `all`, or `plain` (those without Rule.facts) for an event with no line facts. */
interface Dispatch {
  all: readonly RuleEntry[];
  plain: readonly RuleEntry[];
}

function dispatchOf(entries: readonly RuleEntry[]): Dispatch {
  return { all: entries, plain: entries.filter(({ rule }) => !rule.facts) };
}

/** Whether the event carries any of LINE_FACTS (each of them is checked here). */
export function hasLineFacts(e: TraceEvent): boolean {
  return e.piece !== undefined || e.glued !== undefined || e.multiline !== undefined || e.invalidUtf8 !== undefined;
}

// Constant strings rather than a template per event (200 000 events in a large trace).
const MESSAGE_CLASS: Record<'c2s' | 's2c', Record<string, EventClass>> = {
  c2s: { request: 'c2s-request', response: 'c2s-response', notification: 'c2s-notification' },
  s2c: { request: 's2c-request', response: 's2c-response', notification: 's2c-notification' },
};

function classOf(e: TraceEvent): EventClass {
  if (e.dir === 'meta' || e.dir === 'stderr') return e.dir;
  const kind = e.msg && (e.kind === 'request' || e.kind === 'response' || e.kind === 'notification') ? e.kind : undefined;
  return kind ? MESSAGE_CLASS[e.dir][kind]! : e.dir === 'c2s' ? 'c2s-line' : 's2c-line';
}

/**
 * A probe's raw request on the session's own stream (stdio has no other) and its answer. They
 * are malformed on purpose, and the probe judges them itself, as it judges its raw HTTP
 * exchanges (meta events the rules leave alone): the rules would read the one as the client's
 * fault and count the other in the session's state.
 */
function isProbeExchange(e: TraceEvent): boolean {
  const sentOrAnswer = (e.dir === 'c2s' && e.kind === 'request') || (e.dir === 's2c' && e.kind === 'response');
  return sentOrAnswer && isProbeRequestId((e.msg as { id?: unknown } | undefined)?.id);
}

/** Offline: the diagnostics of a whole trace (feed every event, then end). */
export function diagnose(events: readonly TraceEvent[]): Diagnostic[] {
  const engine = new DiagnosticsEngine();
  for (const e of events) engine.feed(e);
  engine.end();
  return [...engine.all];
}
