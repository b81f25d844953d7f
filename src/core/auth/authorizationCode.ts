import * as oauth from 'oauth4webapi';
import { withNonceRetry, type DpopKey } from './dpop';
import { AuthorizationError } from './errors';
import type { AuthExchanges } from './exchanges';
import type { LoopbackRedirect } from './loopback';
import type { ClientIdentity } from './registration';
import { describe } from './registration';
import { requestOptions } from './requestOptions';

export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  /** Milliseconds since the epoch, when the server said how long the token lives. */
  expiresAt?: number;
  scope?: string;
  /** RFC 9449 §5: "DPoP" when the token is bound to the grant's key (sent as `Authorization: DPoP`, with a proof). */
  tokenType?: 'DPoP';
}

export interface AuthorizationRequest {
  as: oauth.AuthorizationServer;
  identity: ClientIdentity;
  /** RFC 8707 `resource`, exactly as the protected resource metadata published it. */
  resource?: string;
  scope?: string;
  loopback: LoopbackRedirect;
  /** Shows the authorization URL to the person (who opens it in a browser). */
  openUrl: (url: string) => void;
  exchanges: AuthExchanges;
  /** The key the token is to be bound to (RFC 9449). */
  dpop?: DpopKey;
}

/**
 * OAuth 2.1 authorization code grant with PKCE S256 ("MCP clients MUST use the S256 code
 * challenge method"), `state`, and RFC 9207 `iss` checked by oauth4webapi's validateAuthResponse.
 */
export async function authorizationCodeFlow(req: AuthorizationRequest): Promise<TokenSet> {
  const { as, identity, exchanges } = req;
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = await authorizationUrl(req, verifier, state);
  const asked = exchanges.note('authorization', 'GET', url.href);
  req.openUrl(url.href);

  const callback = await req.loopback.next();
  const back = exchanges.note('callback', 'GET', callback.href);
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(as, identity.client, callback, state);
  } catch (err) {
    throw callbackError(err, as, [asked, back]);
  }

  const tokens = await redeemCode(req, params, verifier);
  for (const t of [tokens.access_token, tokens.refresh_token]) exchanges.addSecret(t);
  return tokenSet(tokens);
}

/** The authorization endpoint's URL the person opens, with the PKCE challenge of `verifier`. */
async function authorizationUrl(req: AuthorizationRequest, verifier: string, state: string): Promise<URL> {
  const url = new URL(req.as.authorization_endpoint!);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', req.identity.client.client_id);
  url.searchParams.set('redirect_uri', req.loopback.redirectUri);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);
  if (req.resource) url.searchParams.set('resource', req.resource);
  if (req.scope) url.searchParams.set('scope', req.scope);
  return url;
}

/** The token request that trades the code the callback brought (with the PKCE verifier) for tokens. */
async function redeemCode(req: AuthorizationRequest, params: URLSearchParams, verifier: string): Promise<oauth.TokenEndpointResponse> {
  const { as, identity, exchanges } = req;
  try {
    return await withNonceRetry(req.dpop, exchanges, 'token', async () => {
      const res = await oauth.authorizationCodeGrantRequest(
        as,
        identity.client,
        identity.clientAuth,
        params,
        req.loopback.redirectUri,
        verifier,
        {
          ...requestOptions(exchanges, 'token', req.dpop),
          // RFC 8707 §2.2 / MCP: the resource parameter "MUST be included in both authorization requests and token requests".
          ...(req.resource ? { additionalParameters: { resource: req.resource } } : {}),
        },
      );
      return oauth.processAuthorizationCodeResponse(as, identity.client, res);
    });
  } catch (err) {
    throw err instanceof AuthorizationError ? err : tokenError(err, as, exchanges.lastSeq.get('token'));
  }
}

/** RFC 6749 §6 refresh, with the same `resource`; a grant bound to a key refreshes with a proof of it (RFC 9449 §5). */
export async function refreshFlow(
  as: oauth.AuthorizationServer,
  identity: ClientIdentity,
  refreshToken: string,
  resource: string | undefined,
  exchanges: AuthExchanges,
  dpop?: DpopKey,
): Promise<TokenSet> {
  try {
    const tokens = await withNonceRetry(dpop, exchanges, 'refresh', async () => {
      const res = await oauth.refreshTokenGrantRequest(as, identity.client, identity.clientAuth, refreshToken, {
        ...requestOptions(exchanges, 'refresh', dpop),
        ...(resource ? { additionalParameters: { resource } } : {}),
      });
      return oauth.processRefreshTokenResponse(as, identity.client, res);
    });
    for (const t of [tokens.access_token, tokens.refresh_token]) exchanges.addSecret(t);
    return { ...tokenSet(tokens), refreshToken: tokens.refresh_token ?? refreshToken };
  } catch (err) {
    throw err instanceof AuthorizationError ? err : tokenError(err, as, exchanges.lastSeq.get('refresh'));
  }
}

/** The tokens of a token endpoint's answer, its lifetime as a point in time. */
export function tokenSet(tokens: oauth.TokenEndpointResponse): TokenSet {
  return {
    accessToken: tokens.access_token,
    // oauth4webapi lowercases token_type; "DPoP" is RFC 9449 §5's.
    ...(tokens.token_type === 'dpop' ? { tokenType: 'DPoP' as const } : {}),
    ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
    ...(typeof tokens.expires_in === 'number' ? { expiresAt: Date.now() + tokens.expires_in * 1000 } : {}),
    ...(tokens.scope ? { scope: tokens.scope } : {}),
  };
}

/** What went wrong with the redirect back: an error from the server, a state or issuer that does not match. */
function callbackError(err: unknown, as: oauth.AuthorizationServer, evidence: number[]): AuthorizationError {
  if (err instanceof oauth.AuthorizationResponseError) {
    return new AuthorizationError(
      'auth-token',
      `The authorization server answered the authorization request with error "${err.error}"${err.error_description ? `: ${err.error_description}` : ''}`,
      'RFC 6749 §4.1.2.1: the error code says what the server refused (the client, the redirect URI, the scope…).',
      evidence,
    );
  }
  const message = err instanceof Error ? err.message : String(err);
  if (/"iss"/.test(message)) {
    return new AuthorizationError(
      'auth-issuer-mismatch',
      `The authorization response's issuer does not check out (${message}); ${as.authorization_response_iss_parameter_supported ? 'the server advertises' : 'the server does not advertise'} authorization_response_iss_parameter_supported, and its issuer is "${as.issuer}": the client refuses the response`,
      'RFC 9207 §2.4: a client MUST compare "iss" with the issuer it sent the request to, by simple string comparison, and reject a mismatch; when the server advertises support, a response without "iss" MUST be rejected too.',
      evidence,
    );
  }
  return new AuthorizationError(
    'auth-state-mismatch',
    `The redirect back to the client is not the answer to its request: ${message}`,
    'RFC 6749 §10.12: the authorization server MUST return the "state" the client sent, unchanged, with the code.',
    evidence,
  );
}

function tokenError(err: unknown, as: oauth.AuthorizationServer, seq: number | undefined): AuthorizationError {
  return new AuthorizationError(
    'auth-token',
    `The token endpoint ${as.token_endpoint} did not issue a token: ${describe(err)}`,
    'OAuth 2.1 §3.2.3: a successful token response is JSON with "access_token" and "token_type"; an error response names what was refused (invalid_grant, invalid_client…).',
    seq ? [seq] : [],
  );
}
