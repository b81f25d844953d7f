import type { TraceEvent } from '../trace/event';
import type { AuthExchangeFact, AuthStep } from './exchanges';

/** One step of an authorization attempt, as the trace recorded it (URLs and bodies already masked). */
export interface FlowStep {
  seq: number;
  step: AuthStep;
  method: string;
  url: string;
  status?: number;
  error?: string;
  /** The grant a token request asked for (its form's `grant_type`). */
  grant?: string;
  /** The authorization rule whose diagnostic cites this step. */
  rule?: string;
  /** RFC 9449: the request carried a DPoP proof. */
  proof?: boolean;
  /** RFC 9449 §8, §9: the server answered use_dpop_nonce (the client sends the request again with its nonce). */
  nonceAsked?: boolean;
}

export interface FlowReport {
  steps: FlowStep[];
  outcome:
    | { kind: 'granted' }
    | { kind: 'sign-in-required'; issuer: string }
    | { kind: 'failed'; rule: string; message: string; hint: string }
    | { kind: 'waiting' };
}

/**
 * The latest attempt of the authorization flow in a trace: from the last discovery (or the last
 * refresh, when that is all the client did) to its end, each step with the rule that fired on it.
 * Undefined when the trace has no authorization at all.
 */
export function lastAuthorizationAttempt(events: readonly TraceEvent[]): FlowReport | undefined {
  const auth = events.filter((e) => e.dir === 'meta' && e.kind === 'auth');
  if (auth.length === 0) return undefined;
  let start = 0;
  for (let i = 1; i < auth.length; i++) {
    const step = factOf(auth[i])?.step;
    const before = factOf(auth[i - 1])?.step;
    // A new discovery, or a refresh after a finished attempt: the attempt before it is over.
    if (
      (step === 'resource-metadata' && before !== 'resource-metadata') ||
      (step === 'server-metadata' && before !== 'resource-metadata' && before !== 'server-metadata') ||
      (step === 'refresh' && before !== undefined && before !== 'refresh')
    )
      start = i;
    if (!factOf(auth[i]) && !factOf(auth[i - 1])) start = i;
  }
  const attempt = auth.slice(start);
  const steps: FlowStep[] = [];
  let outcome: FlowReport['outcome'] = { kind: 'waiting' };
  for (const e of attempt) {
    const fact = factOf(e);
    if (fact) {
      const grant = grantOf(fact);
      steps.push({
        seq: e.seq,
        step: fact.step,
        method: fact.method,
        url: fact.url,
        ...(fact.status !== undefined ? { status: fact.status } : {}),
        ...(fact.error ? { error: fact.error } : {}),
        ...dpopMarks(fact),
        ...(grant ? { grant } : {}),
      });
      if ((fact.step === 'token' || fact.step === 'refresh') && fact.status !== undefined && fact.status < 300)
        outcome = { kind: 'granted' };
      continue;
    }
    const failure = e.info?.authFailure as { rule: string; message: string; hint: string; evidence: number[] } | undefined;
    if (failure) {
      outcome = { kind: 'failed', rule: failure.rule, message: failure.message, hint: failure.hint };
      for (const s of steps) if (failure.evidence.includes(s.seq)) s.rule = failure.rule;
    }
    const needed = e.info?.signInRequired as { issuer: string } | undefined;
    if (needed) outcome = { kind: 'sign-in-required', issuer: needed.issuer };
  }
  return { steps, outcome };
}

/** What a step shows of DPoP: a proof sent (its header, masked), a nonce asked for. */
function dpopMarks(fact: AuthExchangeFact): Pick<FlowStep, 'proof' | 'nonceAsked'> {
  const proof = Object.keys(fact.requestHeaders ?? {}).some((name) => name.toLowerCase() === 'dpop');
  const nonceAsked = fact.step === 'dpop-nonce' || (fact.status === 400 && /"error"\s*:\s*"use_dpop_nonce"/.test(fact.body ?? ''));
  return { ...(proof ? { proof } : {}), ...(nonceAsked ? { nonceAsked } : {}) };
}

/** What a token request exchanged for what, for the grants whose step alone does not say it (the enterprise and workload ones). */
const GRANTS: Record<string, string> = {
  'urn:ietf:params:oauth:grant-type:token-exchange': 'token exchange (RFC 8693): ID token → ID-JAG',
  'urn:ietf:params:oauth:grant-type:jwt-bearer': 'JWT bearer (RFC 7523): assertion → access token',
};

function grantOf(fact: AuthExchangeFact): string | undefined {
  if (fact.method !== 'POST' || !fact.requestBody || !/(^|&)grant_type=/.test(fact.requestBody)) return undefined;
  return GRANTS[new URLSearchParams(fact.requestBody).get('grant_type') ?? ''];
}

function factOf(e: TraceEvent): AuthExchangeFact | undefined {
  return e.info?.auth as AuthExchangeFact | undefined;
}

/** The report as plain text lines, for a document the user reads. */
export function flowLines(serverName: string, serverUrl: string, report: FlowReport | undefined): string[] {
  const lines = [`Authorization flow of "${serverName}" (${serverUrl})`, ''];
  if (!report) return [...lines, 'No authorization yet: the server has not answered 401 or 403 in this session.'];
  lines.push('Last attempt, each exchange with its trace seq (tokens, codes and secrets masked):', '');
  const width = Math.max(...report.steps.map((s) => s.step.length), 8);
  report.steps.forEach((s, i) => {
    lines.push(`${String(i + 1).padStart(2)}. ${s.step.padEnd(width)}  ${[s.method, s.url].filter(Boolean).join(' ')}`);
    if (s.grant) lines.push(`    ${' '.repeat(width)}  grant: ${s.grant}`);
    lines.push(
      `    ${' '.repeat(width)}  → ${stepStatus(s)} (seq ${s.seq})${s.proof ? ' · DPoP proof sent' : ''}${s.rule ? `  ✗ ${s.rule}` : ''}`,
    );
  });
  lines.push('');
  const o = report.outcome;
  if (o.kind === 'granted') lines.push('Outcome: a token was issued.');
  else if (o.kind === 'sign-in-required')
    lines.push(`Outcome: sign-in needed at ${o.issuer}; run "MCP Lens: Sign In" to open its page in your browser.`);
  else if (o.kind === 'failed') lines.push(`Outcome: ${o.rule} — ${o.message}`, `What to change: ${o.hint}`);
  else lines.push('Outcome: still waiting (the browser has not come back yet).');
  return lines;
}

function stepStatus(s: FlowStep): string {
  if (s.error) return `failed: ${s.error}`;
  if (s.nonceAsked) return `HTTP ${s.status} use_dpop_nonce: sent again with the nonce the server supplied`;
  if (s.status !== undefined) return `HTTP ${s.status}`;
  if (s.step === 'authorization') return 'opened in the browser';
  if (s.step === 'callback') return 'received';
  // The thumbprint is public; the private key stays in memory or the secret store.
  if (s.step === 'dpop-key') return 'key pair made for this grant: tokens are bound to it (RFC 9449)';
  return '';
}
