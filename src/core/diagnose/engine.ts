import type { TraceEvent } from '../trace/event';
import type { Diagnostic, RuleId } from './diagnostic';
import { DiagnoseContext } from './context';
import { RULES } from './registry';
import type { EventClass, Finding, Rule } from './rule';

/** A flood of one fault (a banner per message) says nothing new after this many. */
const MAX_PER_RULE = 50;

/**
 * Runs the rules over a trace, one event at a time: live (feed each event as it is
 * recorded) and offline (`diagnose`) share this code, so both give the same answer.
 */
export class DiagnosticsEngine {
  private readonly ctx = new DiagnoseContext();
  private readonly found: Diagnostic[] = [];
  private readonly counts = new Map<RuleId, number>();
  private readonly ruleFailures: { rule: RuleId; seq?: number; error: unknown }[] = [];
  private ended = false;

  /** Rules by the class of event they look at, so a flood of one kind runs only its few rules. */
  private readonly dispatch = new Map<EventClass, Rule[]>();

  constructor(private readonly rules: readonly Rule[] = RULES) {
    for (const cls of CLASSES) this.dispatch.set(cls, rules.filter((r) => r.onEvent && (!r.on || r.on.includes(cls))));
  }

  get all(): readonly Diagnostic[] {
    return this.found;
  }

  /** Rules that threw (a rule's bug must not stop the others or the session). */
  get failures(): readonly { rule: RuleId; seq?: number; error: unknown }[] {
    return this.ruleFailures;
  }

  /** The diagnostics this event newly proves. */
  feed(e: TraceEvent): Diagnostic[] {
    const out: Diagnostic[] = [];
    for (const rule of this.dispatch.get(classOf(e)) ?? []) {
      try {
        rule.onEvent!(e, this.ctx, (f) => this.add(rule, f, out));
      } catch (error) {
        this.ruleFailures.push({ rule: rule.id, seq: e.seq, error });
      }
    }
    this.ctx.update(e);
    return out;
  }

  /** End of stream: what only the whole trace proves (e.g. nothing ever came back). Idempotent. */
  end(): Diagnostic[] {
    if (this.ended) return [];
    this.ended = true;
    const out: Diagnostic[] = [];
    for (const rule of this.rules) {
      if (!rule.onEnd) continue;
      try {
        rule.onEnd(this.ctx, (f) => this.add(rule, f, out));
      } catch (error) {
        this.ruleFailures.push({ rule: rule.id, error });
      }
    }
    return out;
  }

  private add(rule: Rule, f: Finding, out: Diagnostic[]): void {
    this.ctx.fired.add(rule.id);
    const count = (this.counts.get(rule.id) ?? 0) + 1;
    this.counts.set(rule.id, count);
    if (count > MAX_PER_RULE) return;
    const d: Diagnostic = {
      rule: rule.id,
      severity: f.severity ?? rule.severity,
      stage: rule.stage,
      message: f.message,
      evidence: [...new Set(f.evidence)],
      // Only a transport failure can go away by trying again.
      retry: f.retry ?? rule.stage === 'transport',
      hint: f.hint,
    };
    this.found.push(d);
    out.push(d);
  }
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

function classOf(e: TraceEvent): EventClass {
  if (e.dir === 'meta' || e.dir === 'stderr') return e.dir;
  const kind = e.msg && (e.kind === 'request' || e.kind === 'response' || e.kind === 'notification') ? e.kind : 'line';
  return `${e.dir}-${kind}`;
}

/** Offline: the diagnostics of a whole trace (feed every event, then end). */
export function diagnose(events: readonly TraceEvent[]): Diagnostic[] {
  const engine = new DiagnosticsEngine();
  for (const e of events) engine.feed(e);
  engine.end();
  return [...engine.all];
}
