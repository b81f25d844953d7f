/**
 * The MCP authorization flow for one server URL (the class below); the grants it keeps across
 * runs are in keptGrants.ts, its round limit in roundLimit.ts.
 */
import type * as oauth from 'oauth4webapi';
import type { Trace } from '../trace/trace';
import type { AuthChallenge, EndpointRequest, HttpAuthorizer } from '../transport/httpAuthorizer';
import { authorizationCodeFlow, refreshFlow, type TokenSet } from './authorizationCode';
import { bearerChallenge, type BearerChallenge } from './challenge';
import { clientCredentialsFlow, usesClientCredentials } from './clientCredentials';
import { answerResourceNonce, dpopChallengeOf, type DpopKey, keyForGrant, sendWithProof, type DpopMode } from './dpop';
import { assertionGrantFlow } from './assertionGrant';
import { AuthorizationError } from './errors';
import { AuthExchanges } from './exchanges';
import { LoopbackRedirect } from './loopback';
import { identifyClient, type ClientIdentity, type ClientSettings } from './registration';
import type { GrantStore } from './savedGrant';
import { keepGrant, restoreGrants, type Grant } from './keptGrants';
import { MAX_ROUNDS, roundsExhausted } from './roundLimit';
import { SignInRequiredError } from './signInRequired';
import { checkServer, discoverAuthorization, type Discovered } from './discoverAuthorization';
import { chooseScope } from './scopes';
import { settled } from '../util/ignored';

export interface AuthorizerOptions extends ClientSettings {
  /**
   * Shows the authorization URL to the person who will open it in a browser. `ended` settles
   * once that sign-in is over (granted or failed): a sign-in can come mid-session (a 401 the
   * refresh token cannot answer, a 403 step-up), not only while a connection starts.
   */
  openUrl: (url: string, ended: Promise<void>) => void;
  /** Where grants outlive the run (SecretStorage, the CLI's token cache); without it tokens live as long as the authorizer. */
  store?: GrantStore;
  /** False: when only a person can authorize, stop with SignInRequiredError instead of opening a sign-in (default true). */
  interactive?: boolean;
  /** Told every credential the flow learns (tokens, a registered client's secret), for masking elsewhere. */
  onSecret?: (value: string) => void;
  /** DPoP-bound tokens (RFC 9449): from the servers' metadata and challenges (default `auto`), always, or never. */
  dpop?: DpopMode;
}

/** A token this close to its expiry is refreshed before it is sent. */
const REFRESH_MARGIN_MS = 30_000;

/** What one authorization works from: the challenge, what discovery found, and on a step-up the scope held so far. */
interface Attempt extends Discovered {
  challenge: AuthChallenge;
  bearer: BearerChallenge;
  exchanges: AuthExchanges;
  previous: string | undefined;
}

/**
 * The MCP authorization flow for one server URL: on a 401, Protected Resource Metadata, the
 * authorization server's metadata, client identification, authorization code with PKCE; on a
 * 403 insufficient_scope, step-up; refresh before expiry and on a 401. Every exchange is a meta
 * 'auth' event; a failed step is a meta 'auth' event with `authFailure`, which the rules of the
 * authorization stage turn into a diagnostic.
 */
export class OAuthAuthorizer implements HttpAuthorizer {
  private tokens: TokenSet | undefined;
  private grant: Grant | undefined;
  private requestedScope: string | undefined;
  /** Clients are per authorization server: credentials from one are never shown to another (SEP-2352). */
  private readonly clients = new Map<string, ClientIdentity>();
  private running: Promise<boolean> | undefined;
  private refreshing: Promise<void> | undefined;
  private loopback: LoopbackRedirect | undefined;
  private exchanges: AuthExchanges | undefined;
  private restoring: Promise<void> | undefined;

  constructor(
    private readonly serverUrl: string,
    private readonly options: AuthorizerOptions,
  ) {}

  authorization(): string | undefined {
    // RFC 9449 §7.1: a DPoP-bound token goes under the DPoP scheme, never as a Bearer token.
    return this.tokens
      ? `${this.tokens.tokenType === 'DPoP' && this.grant?.dpop ? 'DPoP' : 'Bearer'} ${this.tokens.accessToken}`
      : undefined;
  }

  /** A DPoP-bound token's request carries a fresh proof of the grant's key. */
  send(url: string, request: EndpointRequest, fetcher: (url: string, init: RequestInit) => Promise<Response>): Promise<Response> {
    const token = /^DPoP (.+)$/.exec(request.headers.Authorization ?? '')?.[1];
    const key = this.grant?.dpop;
    return token && key ? sendWithProof(key, token, url, request, fetcher) : fetcher(url, request);
  }

  /** The authorization server of the latest grant or attempt. */
  get issuer(): string | undefined {
    return this.grant?.as.issuer ?? this.attemptedIssuer;
  }

  private attemptedIssuer: string | undefined;

  /** The issuer a person must sign in at, when a non-interactive run stopped for it. */
  signInNeeded: string | undefined;

  async beforeRequest(trace: Trace): Promise<void> {
    this.restoring ??= this.restore(this.exchangesFor(trace));
    await this.restoring;
    // A flow under way is waited for; its failure is its own caller's to report.
    await settled(this.running);
    const { tokens, grant } = this;
    if (!tokens?.refreshToken || !grant || tokens.expiresAt === undefined || tokens.expiresAt - Date.now() > REFRESH_MARGIN_MS) return;
    // Requests sent together share one refresh: a refresh token may be good for one use only.
    this.refreshing ??= refreshFlow(grant.as, grant.identity, tokens.refreshToken, grant.resource, this.exchangesFor(trace), grant.dpop)
      .then((renewed) => this.granted(withGrantedScope(renewed, tokens.scope), grant))
      .catch((err: unknown) => {
        // An expired token the server refuses brings a 401, and the 401 a new authorization.
        if (!(err instanceof AuthorizationError)) throw err;
      })
      .finally(() => (this.refreshing = undefined));
    await this.refreshing;
  }

  async challenged(challenge: AuthChallenge, trace: Trace): Promise<boolean> {
    if (this.running) return this.running.catch(() => false);
    if (challenge.status === 401 && this.grant?.dpop && dpopNonceAsked(challenge)) return this.nonceAsked(challenge, trace);
    // Another request renewed the token meanwhile: send this one again with it.
    const current = this.authorization();
    if (challenge.round === 1 && current !== undefined && challenge.sentAuthorization !== current) return true;
    const bearer = bearerChallenge(challenge.wwwAuthenticate);
    if (challenge.status === 403 && bearer.error !== 'insufficient_scope') return false;
    if (challenge.status !== 401 && challenge.status !== 403) return false;
    const exchanges = this.exchangesFor(trace);
    this.running = this.run(challenge, bearer, exchanges)
      .catch((err: unknown) => {
        const failure =
          err instanceof AuthorizationError
            ? err
            : new AuthorizationError(
                'auth-metadata',
                `The authorization flow failed: ${err instanceof Error ? err.message : String(err)}`,
                'Read the exchanges of the flow in the trace: the last one is where it stopped.',
                [],
              );
        if (err instanceof SignInRequiredError) {
          this.signInNeeded = err.issuer;
          trace.append({ dir: 'meta', kind: 'auth', raw: err.message, info: { signInRequired: { issuer: err.issuer } } });
          throw err;
        }
        throw recorded(failure, trace);
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }

  close(): void {
    this.loopback?.close();
  }

  /** RFC 9449 §9: sent again once with the MCP server's nonce; a failure to settle is recorded like any failed step. */
  private nonceAsked(challenge: AuthChallenge, trace: Trace): boolean {
    try {
      return answerResourceNonce(challenge, this.serverUrl, this.exchangesFor(trace));
    } catch (err) {
      throw recorded(err as AuthorizationError, trace);
    }
  }

  private exchangesFor(trace: Trace): AuthExchanges {
    if (!this.exchanges) {
      this.exchanges = new AuthExchanges(trace, this.options.onSecret);
      this.exchanges.addSecret(this.options.clientSecret);
    }
    return this.exchanges;
  }

  /** One authorization: a refresh where it may do, else discovery and a new grant, with or without a person. */
  private async run(challenge: AuthChallenge, bearer: BearerChallenge, exchanges: AuthExchanges): Promise<boolean> {
    if (challenge.round > MAX_ROUNDS) throw roundsExhausted(challenge, bearer, this.requestedScope, this.exchanges?.lastSeq.get('token'));
    if (await this.refreshed(challenge, exchanges)) return true;
    const discovered = await discoverAuthorization(this.serverUrl, bearer, exchanges);
    const attempt: Attempt = {
      ...discovered,
      challenge,
      bearer,
      exchanges,
      previous: challenge.status === 403 ? this.heldScope() : undefined,
    };
    if (this.options.assertionGrant || usesClientCredentials(discovered.as, this.options)) await this.grantWithoutPerson(attempt);
    else await this.signIn(attempt);
    return true;
  }

  /** A first 401 while a refresh token is in hand: the refresh is tried before a new authorization. */
  private async refreshed(challenge: AuthChallenge, exchanges: AuthExchanges): Promise<boolean> {
    if (challenge.status !== 401 || challenge.round !== 1 || !this.tokens?.refreshToken || !this.grant) return false;
    try {
      // RFC 6749 §6: a refresh that names no scope keeps "the scope originally granted".
      const renewed = await refreshFlow(
        this.grant.as,
        this.grant.identity,
        this.tokens.refreshToken,
        this.grant.resource,
        exchanges,
        this.grant.dpop,
      );
      await this.granted(withGrantedScope(renewed, this.tokens.scope), this.grant);
      return true;
    } catch {
      // The refresh token is no longer good: authorize again.
      return false;
    }
  }

  /** A grant no person signs in for: an assertion grant, or the client credentials grant. */
  private async grantWithoutPerson(attempt: Attempt): Promise<void> {
    const { as, resource, exchanges } = attempt;
    const scope = scopeFor(attempt);
    this.requestedScope = scope;
    this.attemptedIssuer = as.issuer;
    // No person takes part: an enterprise ID token or a workload's token, else the client's own credentials.
    const assertionGrant = this.options.assertionGrant;
    if (assertionGrant) {
      const { tokens, identity } = await assertionGrantFlow({
        as,
        client: this.options,
        grant: assertionGrant,
        resource,
        scope,
        exchanges,
      });
      this.tokens = withGrantedScope(tokens, scope);
      this.grant = { as, identity, resource };
      return;
    }
    const dpop = await this.proofKey(attempt);
    const identity = await identifyClient(as, this.options, '', exchanges);
    this.tokens = withGrantedScope(await clientCredentialsFlow(as, identity, resource, scope, exchanges, dpop), scope);
    this.grant = { as, identity, resource, ...(dpop ? { dpop } : {}) };
  }

  /** The authorization code flow: a person signs in at the authorization server in a browser. */
  private async signIn(attempt: Attempt): Promise<void> {
    const { as, resource, exchanges } = attempt;
    checkServer(as, exchanges);
    this.attemptedIssuer = as.issuer;
    if (this.options.interactive === false) throw new SignInRequiredError(as.issuer);
    const dpop = await this.proofKey(attempt);
    const { loopback, identity } = await this.loopbackClient(as, exchanges);
    const scope = scopeFor(attempt, as.scopes_supported);
    this.requestedScope = scope;
    this.tokens = undefined;
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    try {
      const tokens = await authorizationCodeFlow({
        as,
        identity,
        resource,
        ...(scope ? { scope } : {}),
        loopback,
        openUrl: (url) => this.options.openUrl(url, ended),
        exchanges,
        ...(dpop ? { dpop } : {}),
      });
      await this.granted(withGrantedScope(tokens, scope), { as, identity, resource, ...(dpop ? { dpop } : {}) });
    } finally {
      end();
    }
  }

  /** The loopback redirect the sign-in comes back to, and this client as registered for it. */
  private async loopbackClient(
    as: oauth.AuthorizationServer,
    exchanges: AuthExchanges,
  ): Promise<{ loopback: LoopbackRedirect; identity: ClientIdentity }> {
    let identity = this.clients.get(as.issuer);
    const loopback = (this.loopback ??= await this.openLoopback(identity));
    const redirects = identity?.client.redirect_uris;
    if (identity?.how === 'dynamic' && !(Array.isArray(redirects) && redirects.includes(loopback.redirectUri))) {
      // Registered for a loopback port that is taken now: register again for this one.
      identity = undefined;
    }
    if (!identity) {
      identity = await identifyClient(as, this.options, loopback.redirectUri, exchanges);
      this.clients.set(as.issuer, identity);
    }
    return { loopback, identity };
  }

  /** The key this authorization's token is to be bound to (RFC 9449), from the settings and what the servers published. */
  private proofKey({ as, resourceMetadata, challenge, exchanges }: Attempt): Promise<DpopKey | undefined> {
    const signals = {
      serverAlgs: as.dpop_signing_alg_values_supported,
      resourceAlgs: resourceMetadata?.dpop_signing_alg_values_supported,
      boundTokensRequired: resourceMetadata?.dpop_bound_access_tokens_required,
      ...(challenge.wwwAuthenticate ? { wwwAuthenticate: challenge.wwwAuthenticate } : {}),
    };
    // A key that is saved with its grant must be exportable once; without a store it never leaves memory.
    return keyForGrant(this.options.dpop ?? 'auto', signals, this.grant?.dpop, this.options.store !== undefined, exchanges);
  }

  /**
   * What a step-up must keep (SEP-2350: the union of the scopes held and the scopes challenged):
   * the scope of the token in hand, which a grant restored from an earlier run carries too, and
   * the scope this authorizer last asked for.
   */
  private heldScope(): string | undefined {
    const words = new Set([this.tokens?.scope, this.requestedScope].flatMap((s) => s?.split(/\s+/).filter(Boolean) ?? []));
    return words.size ? [...words].join(' ') : undefined;
  }

  /** The grants a store kept from earlier runs: the newest one's tokens are sent first. */
  private async restore(exchanges: AuthExchanges): Promise<void> {
    for (const { issuer, tokens, grant } of await restoreGrants(this.options.store, this.serverUrl, this.options, exchanges)) {
      this.clients.set(issuer, grant.identity);
      this.tokens = tokens;
      this.grant = grant;
    }
  }

  /** New tokens: used from now on, and kept in the store for the next run. */
  private async granted(tokens: TokenSet, grant: Grant): Promise<void> {
    this.signInNeeded = undefined;
    this.tokens = tokens;
    this.grant = grant;
    await keepGrant(this.options.store, this.serverUrl, tokens, grant, this.exchanges);
  }

  /** The port a registered client's redirect URI names, when it is free; else any. */
  private async openLoopback(identity: ClientIdentity | undefined): Promise<LoopbackRedirect> {
    const registered = identity?.how === 'dynamic' ? identity.client.redirect_uris : undefined;
    const port =
      Array.isArray(registered) && typeof registered[0] === 'string'
        ? Number(/^http:\/\/127\.0\.0\.1:(\d+)\//.exec(registered[0])?.[1] ?? 0)
        : 0;
    if (port > 0) {
      try {
        return await LoopbackRedirect.open(port);
      } catch {
        // Taken by another program: a new port, and a new registration for it.
      }
    }
    return LoopbackRedirect.open();
  }
}

/**
 * RFC 6749 §5.1: the token response's `scope` is "OPTIONAL, if identical to the scope requested
 * by the client": without it, the scope granted is the one asked for. Kept with the tokens, so a
 * step-up in a later run still knows what was granted.
 */
function withGrantedScope(tokens: TokenSet, requested: string | undefined): TokenSet {
  return tokens.scope || !requested ? tokens : { ...tokens, scope: requested };
}

/** The scope to ask for: the challenge's, else the resource's; on a step-up, with what is held (the sign-in adds `offline_access` where the server lists it). */
function scopeFor({ bearer, resourceMetadata, previous }: Attempt, serverScopes?: string[]): string | undefined {
  return chooseScope({
    ...(bearer.scope ? { challenge: bearer.scope } : {}),
    ...(resourceMetadata?.scopes_supported ? { resourceScopes: resourceMetadata.scopes_supported } : {}),
    ...(serverScopes ? { serverScopes } : {}),
    ...(previous ? { previous } : {}),
  });
}

/** RFC 9449 §9: a 401 whose DPoP challenge says `use_dpop_nonce`. */
function dpopNonceAsked(challenge: AuthChallenge): boolean {
  return dpopChallengeOf(challenge.wwwAuthenticate)?.error === 'use_dpop_nonce';
}

/** A failed step as the trace keeps it: the meta 'auth' event the rules of the authorization stage read. */
function recorded(failure: AuthorizationError, trace: Trace): AuthorizationError {
  trace.append({
    dir: 'meta',
    kind: 'auth',
    raw: failure.message,
    info: { authFailure: { rule: failure.rule, message: failure.message, hint: failure.hint, evidence: failure.evidence } },
  });
  return failure;
}
