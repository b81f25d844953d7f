import type { Trace } from '../trace/trace';
import { headerRecord } from '../transport/httpRecord';
import { hideSecrets, redactHeaders, REDACTED } from '../transport/httpRedact';
import { absent } from '../util/ignored';

/** The steps of the flow an exchange belongs to, as the Messages view and the diagnostics name them. */
export type AuthStep =
  | 'resource-metadata'
  | 'server-metadata'
  | 'registration'
  | 'authorization'
  | 'callback'
  | 'token'
  | 'refresh'
  | 'dpop-key'
  | 'dpop-nonce'
  | 'idp-metadata'
  | 'token-exchange';

/** What the flow recorded of one exchange (the meta 'auth' event's info). */
export interface AuthExchangeFact {
  step: AuthStep;
  method: string;
  url: string;
  status?: number;
  requestHeaders?: Record<string, string>;
  requestBody?: string;
  headers?: Record<string, string>;
  body?: string;
  error?: string;
}

/** The most of a body kept in the trace. */
const BODY_EXCERPT = 2000;

/** Fields that carry a credential, in JSON bodies and form bodies alike (tokens, codes, secrets, assertions). */
const SECRET_FIELD = /token|secret|^code$|code_verifier|assertion|password/i;

/**
 * Every HTTP exchange of the authorization flow, appended to the trace as a meta 'auth' event
 * with tokens, codes and secrets masked (issue #13: "tokens, codes and secrets masked, also in
 * traces and exports"). `fetch` is what oauth4webapi and the discovery code call.
 */
export class AuthExchanges {
  private readonly secrets: string[] = [];

  /** `onSecret`: told every credential the flow learns, so the log and the exports can mask it too. */
  constructor(
    private readonly trace: Trace,
    private readonly onSecret: (value: string) => void = () => undefined,
  ) {}

  /** A value to hide wherever it would appear (a client secret given on the command line, a token). */
  addSecret(value: string | undefined): void {
    if (!value || value.length < 4 || this.secrets.includes(value)) return;
    this.secrets.push(value);
    this.onSecret(value);
  }

  /** The trace seq of the latest exchange of a step, for evidence. */
  readonly lastSeq = new Map<AuthStep, number>();

  /** Records a step that is not an HTTP request this client made (the authorization URL, the redirect back). */
  note(step: AuthStep, method: string, url: string, extra: Partial<AuthExchangeFact> = {}): number {
    const fact: AuthExchangeFact = { step, method, url: this.maskUrl(url), ...extra };
    return this.append(
      fact,
      `${step}: ${[method, fact.url].filter(Boolean).join(' ')}${fact.status !== undefined ? ` → HTTP ${fact.status}` : ''}`,
    );
  }

  /**
   * The grant store (SecretStorage, the token file) failed to read or keep a sign-in: said in
   * the trace as a note, since the flow goes on without it (a sign-in afresh, or one not kept
   * for the next run) and the person should learn why they are asked again.
   */
  storeFailed(what: 'read' | 'save', error: unknown): void {
    const reason = hideSecrets(error instanceof Error ? error.message : String(error), this.secrets);
    const raw =
      what === 'read'
        ? `auth: the saved sign-ins could not be read (${reason}); signing in afresh`
        : `auth: the sign-in could not be saved for the next run (${reason})`;
    this.trace.append({ dir: 'meta', kind: 'note', raw, info: { grantStore: what, error: reason } });
  }

  async fetch(step: AuthStep, url: string, init: RequestInit = {}): Promise<Response> {
    const method = (init.method ?? 'GET').toUpperCase();
    const requestHeaders = redactHeaders(headerRecord(new Headers(init.headers)), this.secrets);
    const fact: AuthExchangeFact = { step, method, url: this.maskUrl(url), requestHeaders };
    if (typeof init.body === 'string') fact.requestBody = this.maskBody(init.body);
    else if (init.body instanceof URLSearchParams) fact.requestBody = this.maskBody(init.body.toString());
    let res: Response;
    try {
      res = await fetch(url, { ...init, redirect: 'manual' });
    } catch (err) {
      fact.error = err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
      this.append(fact, `${step}: ${method} ${fact.url} failed: ${fact.error}`);
      throw err;
    }
    fact.status = res.status;
    fact.headers = redactHeaders(headerRecord(res.headers), this.secrets);
    // A body that cannot be read is the caller's to report when it reads its own copy.
    const text = await res.clone().text().catch(absent);
    if (text) fact.body = this.maskBody(text).slice(0, BODY_EXCERPT);
    this.append(fact, `${step}: ${method} ${fact.url} → HTTP ${res.status}`);
    return res;
  }

  private append(fact: AuthExchangeFact, raw: string): number {
    const e = this.trace.append({ dir: 'meta', kind: 'auth', raw, info: { auth: fact } });
    this.lastSeq.set(fact.step, e.seq);
    return e.seq;
  }

  private maskUrl(url: string): string {
    try {
      const u = new URL(url);
      for (const key of [...u.searchParams.keys()]) if (SECRET_FIELD.test(key)) u.searchParams.set(key, REDACTED);
      return hideSecrets(u.toString(), this.secrets);
    } catch {
      return hideSecrets(url, this.secrets);
    }
  }

  private maskBody(text: string): string {
    try {
      return hideSecrets(JSON.stringify(maskJson(JSON.parse(text))), this.secrets);
    } catch {
      if (/^[\w.%+~-]+=[^&]*(&[\w.%+~-]+=[^&]*)*$/.test(text.trim())) {
        const form = new URLSearchParams(text);
        // A `*_type` names a kind of token (RFC 8693 subject_token_type), never holds one.
        for (const key of [...form.keys()]) if (SECRET_FIELD.test(key) && !key.endsWith('_type')) form.set(key, REDACTED);
        return hideSecrets(form.toString(), this.secrets);
      }
      return hideSecrets(text, this.secrets);
    }
  }
}

function maskJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskJson);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[k] = SECRET_FIELD.test(k) && !/_endpoint$|_supported$|_method|types?$/.test(k) && typeof v === 'string' ? REDACTED : maskJson(v);
    return out;
  }
  return value;
}
