import { webcrypto } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { AuthorizationError } from './errors';
import type { AuthExchanges, AuthStep } from './exchanges';
import { SIGNING_ALGORITHMS, signingParams } from './privateKey';

/**
 * When an authorization binds its token to a key (RFC 9449, the MCP DPoP extension SEP-1932):
 * `auto` when the authorization server publishes `dpop_signing_alg_values_supported`, the
 * protected resource requires DPoP-bound tokens, or the MCP server's 401 is a `DPoP` challenge;
 * `always` on every authorization; `never`: Bearer tokens only.
 */
export type DpopMode = 'auto' | 'always' | 'never';

export const DPOP_MODES: readonly DpopMode[] = ['auto', 'always', 'never'];

/** The JWS algorithms this client signs proofs with (those it signs client assertions with), ES256 first. */
const PROOF_ALGORITHMS = SIGNING_ALGORITHMS;

/** A proof key as a store keeps it beside the grant bound to it (never in a trace or an export). */
export interface SavedDpopKey {
  alg: string;
  privateJwk: webcrypto.JsonWebKey;
  publicJwk: webcrypto.JsonWebKey;
}

/** What the server side says about DPoP: authorization server metadata, resource metadata, the 401 challenge. */
export interface DpopSignals {
  /** RFC 9449 §5.1: the authorization server's `dpop_signing_alg_values_supported`. */
  serverAlgs?: unknown;
  /** RFC 9728 §2: the protected resource's `dpop_signing_alg_values_supported`. */
  resourceAlgs?: unknown;
  /** RFC 9728 §2: `dpop_bound_access_tokens_required`. */
  boundTokensRequired?: unknown;
  /** The `WWW-Authenticate` of the refusal that started the flow. */
  wwwAuthenticate?: string;
}

/**
 * The algorithm to bind this authorization's token with, or undefined for a Bearer token. A
 * list a party publishes narrows the choice; "none" is never one (RFC 9449 §4.2: "MUST NOT be none").
 */
export function proofAlgorithm(mode: DpopMode, signals: DpopSignals): string | undefined {
  if (mode === 'never') return undefined;
  const challenge = dpopChallengeOf(signals.wwwAuthenticate);
  const serverAlgs = algList(signals.serverAlgs);
  const resourceAlgs = algList(signals.resourceAlgs) ?? challenge?.algs;
  const asked = mode === 'always' || (serverAlgs?.length ?? 0) > 0 || signals.boundTokensRequired === true || challenge !== undefined;
  if (!asked) return undefined;
  return PROOF_ALGORITHMS.find(
    (alg) => (!serverAlgs?.length || serverAlgs.includes(alg)) && (!resourceAlgs?.length || resourceAlgs.includes(alg)),
  );
}

function algList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== 'none') : undefined;
}

/** RFC 9449 §7.1: a `DPoP` challenge among those of a `WWW-Authenticate` value, with its `algs` and `error`. */
export function dpopChallengeOf(value: string | undefined): { algs?: string[]; error?: string } | undefined {
  if (!value) return undefined;
  const start = value.search(/(^|[\s,])DPoP(\s|,|$)/i);
  if (start < 0) return undefined;
  const text = value.slice(start).replace(/^[\s,]*DPoP/i, '');
  // Its parameters run up to the next challenge ("…, Bearer realm=…").
  const own = text.split(/,\s*(?=[A-Za-z][\w.+-]*\s+[A-Za-z_][\w-]*\s*=)/)[0] ?? '';
  const param = (name: string) => new RegExp(`(?:^|[\\s,])${name}\\s*=\\s*(?:"([^"]*)"|([^\\s,]+))`, 'i').exec(own);
  const algs = param('algs');
  const error = param('error');
  return {
    ...(algs ? { algs: (algs[1] ?? algs[2] ?? '').split(/\s+/).filter(Boolean) } : {}),
    ...(error ? { error: error[1] ?? error[2] } : {}),
  };
}

/**
 * The key pair one grant's tokens are bound to, and the oauth4webapi handle that signs its
 * proofs and keeps the nonces servers supply (RFC 9449 §8, §9), per origin.
 */
export class DpopKey {
  private constructor(
    readonly alg: string,
    private readonly keyPair: webcrypto.CryptoKeyPair,
    readonly handle: oauth.DPoPHandle,
    /** RFC 7638 SHA-256 thumbprint of the public key: what the server binds the token to (`cnf.jkt`). Not a secret. */
    readonly thumbprint: string,
    private saved: SavedDpopKey | undefined,
  ) {}

  /**
   * A new key pair. `keep`: its private key may be exported once, to be saved with the grant in
   * the user's secret store (a refresh token bound to it is useless without it).
   */
  static async generate(alg: string, keep: boolean): Promise<DpopKey> {
    const keyPair = (await oauth.generateKeyPair(alg, { extractable: keep })) as unknown as webcrypto.CryptoKeyPair;
    return DpopKey.of(alg, keyPair, undefined);
  }

  /** The key a saved grant was bound to; undefined when it cannot be imported (the grant is then not used). */
  static async restore(saved: SavedDpopKey | undefined): Promise<DpopKey | undefined> {
    if (!saved || typeof saved.alg !== 'string') return undefined;
    try {
      const params = signingParams(saved.alg);
      if (!params) return undefined;
      const privateKey = await webcrypto.subtle.importKey('jwk', saved.privateJwk, params, false, ['sign']);
      const publicKey = await webcrypto.subtle.importKey('jwk', saved.publicJwk, params, true, ['verify']);
      return await DpopKey.of(saved.alg, { privateKey, publicKey }, saved);
    } catch {
      return undefined;
    }
  }

  private static async of(alg: string, keyPair: webcrypto.CryptoKeyPair, saved: SavedDpopKey | undefined): Promise<DpopKey> {
    const handle = oauth.DPoP({}, keyPair as unknown as oauth.CryptoKeyPair);
    return new DpopKey(alg, keyPair, handle, await handle.calculateThumbprint(), saved);
  }

  /** The key as the grant store keeps it; undefined for a key that may not leave this run. */
  async export(): Promise<SavedDpopKey | undefined> {
    if (!this.saved && this.keyPair.privateKey.extractable) {
      const privateJwk = await webcrypto.subtle.exportKey('jwk', this.keyPair.privateKey);
      const publicJwk = await webcrypto.subtle.exportKey('jwk', this.keyPair.publicKey);
      this.saved = { alg: this.alg, privateJwk, publicJwk };
    }
    return this.saved;
  }

  /** The thumbprint as a JWK Thumbprint URI (RFC 9278): how the flow's trace names the key. */
  get urn(): string {
    return `urn:ietf:params:oauth:jwk-thumbprint:sha-256:${this.thumbprint}`;
  }
}

/**
 * A token request with a proof. RFC 9449 §8: an authorization server that answers
 * `use_dpop_nonce` supplies a nonce in `DPoP-Nonce` (the handle keeps it) and the client sends
 * the request once more with it; a second `use_dpop_nonce` means the nonce does not settle.
 */
export async function withNonceRetry<T>(
  dpop: DpopKey | undefined,
  exchanges: AuthExchanges,
  step: AuthStep,
  attempt: () => Promise<T>,
): Promise<T> {
  try {
    return await attempt();
  } catch (err) {
    if (!dpop || !oauth.isDPoPNonceError(err)) throw err;
    const first = exchanges.lastSeq.get(step);
    try {
      return await attempt();
    } catch (again) {
      if (!oauth.isDPoPNonceError(again)) throw again;
      const supplied = again instanceof oauth.ResponseBodyError && again.response.headers.has('dpop-nonce');
      throw new AuthorizationError(
        'auth-dpop-nonce',
        supplied
          ? `The token endpoint answered use_dpop_nonce again after the client sent the nonce it had just supplied: the nonce never settles, so the client stops after one retry`
          : `The token endpoint answered use_dpop_nonce without a DPoP-Nonce header: there is no nonce to send`,
        'RFC 9449 §8: an authorization server that requires a nonce answers use_dpop_nonce with the nonce in the DPoP-Nonce header, and accepts a proof carrying it. Supply one nonce and accept it until it expires.',
        [first, exchanges.lastSeq.get(step)].filter((s): s is number => s !== undefined),
      );
    }
  }
}

/** A request to the MCP endpoint, as the transport makes it. */
export interface ResourceRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/**
 * Sends a request with a DPoP-bound token: "Authorization: DPoP <token>" and a fresh proof for
 * this method and URL whose `ath` is the token's hash (RFC 9449 §7.1, §4.2), signed by
 * oauth4webapi, which also remembers a `DPoP-Nonce` the answer carries (§9). The proof is added
 * to `request.headers`, so the trace shows one was sent (masked like Authorization).
 */
export async function sendWithProof(
  dpop: DpopKey,
  accessToken: string,
  url: string,
  request: ResourceRequest,
  fetcher: (url: string, init: RequestInit) => Promise<Response>,
): Promise<Response> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) if (!/^authorization$/i.test(name)) headers.set(name, value);
  try {
    return await oauth.protectedResourceRequest(accessToken, request.method, new URL(url), headers, request.body, {
      DPoP: dpop.handle,
      ...(request.signal ? { signal: request.signal } : {}),
      // The MCP server's own address: the transport decides what it may reach (plain http on loopback included).
      [oauth.allowInsecureRequests]: true,
      [oauth.customFetch]: (
        target: string,
        init: { method: string; headers: Record<string, string>; body?: unknown; signal?: AbortSignal },
      ) => {
        const proof = new Headers(init.headers).get('dpop');
        if (proof) request.headers.DPoP = proof;
        return fetcher(target, {
          method: init.method,
          headers: init.headers,
          ...(init.body !== undefined ? { body: init.body as string } : {}),
          ...(init.signal ? { signal: init.signal } : {}),
        });
      },
    });
  } catch (err) {
    // A 401/403 with a challenge is an answer like any other: the authorizer reads it.
    if (err instanceof oauth.WWWAuthenticateChallengeError) return err.response;
    throw err;
  }
}

/**
 * RFC 9449 §9: the MCP server answered `use_dpop_nonce`. The first time for a request, the
 * request is sent again (its next proof carries the nonce the handle kept from `DPoP-Nonce`);
 * a second time, or without a nonce to send, the client stops with `auth-dpop-nonce`.
 */
export function answerResourceNonce(
  challenge: { status: number; dpopNonce?: string; nonceRetries?: number },
  serverUrl: string,
  exchanges: AuthExchanges,
): true {
  const earlier = exchanges.lastSeq.get('dpop-nonce');
  const seq = exchanges.note('dpop-nonce', '', serverUrl, {
    status: challenge.status,
    ...(challenge.dpopNonce ? { headers: { 'dpop-nonce': challenge.dpopNonce } } : {}),
  });
  if (challenge.dpopNonce && !challenge.nonceRetries) return true;
  throw new AuthorizationError(
    'auth-dpop-nonce',
    challenge.dpopNonce
      ? `The MCP server at ${serverUrl} answered use_dpop_nonce again after the client sent the nonce it had just supplied: the nonce never settles, so the client stops after one retry`
      : `The MCP server at ${serverUrl} answered use_dpop_nonce without a DPoP-Nonce header: there is no nonce to send`,
    'RFC 9449 §9: a resource server that requires a nonce answers 401 with WWW-Authenticate: DPoP error="use_dpop_nonce" and the nonce in the DPoP-Nonce header, and accepts a proof carrying it. Supply one nonce and accept it until it expires.',
    [earlier, seq].filter((s): s is number => s !== undefined),
  );
}

/**
 * The key this authorization binds its token to: the one the session already holds when it
 * fits the algorithm, else a new one; undefined for a Bearer token. Its thumbprint (public) is
 * a step of the flow in the trace; the key itself never is.
 */
export async function keyForGrant(
  mode: DpopMode,
  signals: DpopSignals,
  held: DpopKey | undefined,
  keep: boolean,
  exchanges: AuthExchanges,
): Promise<DpopKey | undefined> {
  const alg = proofAlgorithm(mode, signals);
  if (!alg) return undefined;
  if (held?.alg === alg) return held;
  const key = await DpopKey.generate(alg, keep);
  exchanges.note('dpop-key', alg, key.urn);
  return key;
}
