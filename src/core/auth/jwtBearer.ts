import * as oauth from 'oauth4webapi';
import { tokenSet, type TokenSet } from './authorizationCode';
import { AuthorizationError } from './errors';
import type { AuthExchanges } from './exchanges';
import type { ClientIdentity } from './registration';
import { requestOptions } from './requestOptions';
import { describeExchangeFailure, EXCHANGE_TIMEOUT_MS, jwtClaims } from './assertion';

/** RFC 7523 §2.1: the grant type of a JWT used as an authorization grant. */
export const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

export interface JwtBearerRequest {
  as: oauth.AuthorizationServer;
  identity: ClientIdentity;
  /** The JWT presented: an ID-JAG from the enterprise IdP, or the workload's identity token. */
  assertion: string;
  /** What the assertion is, as the diagnostics name it ("the ID-JAG", "the workload identity token from FILE"). */
  what: string;
  resource: string | undefined;
  scope: string | undefined;
  exchanges: AuthExchanges;
}

/**
 * RFC 7523 §2.1 at the MCP server's authorization server: `grant_type` jwt-bearer with the JWT
 * as `assertion`, the RFC 8707 `resource`, and the client's own authentication when it has one.
 * Asked once: a refusal ends the flow (SEP-1933: surface invalid_grant, invalid_scope,
 * unauthorized_client "without retrying or switching grant types").
 */
export async function jwtBearerGrant(req: JwtBearerRequest): Promise<TokenSet> {
  const { as, identity, exchanges } = req;
  const parameters: Record<string, string> = { assertion: req.assertion };
  if (req.scope) parameters.scope = req.scope;
  if (req.resource) parameters.resource = req.resource;
  try {
    const res = await oauth.genericTokenEndpointRequest(as, identity.client, identity.clientAuth, JWT_BEARER, parameters, {
      ...requestOptions(exchanges, 'token'),
      signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
    });
    const tokens = await oauth.processGenericTokenEndpointResponse(as, identity.client, res);
    for (const t of [tokens.access_token, tokens.refresh_token]) exchanges.addSecret(t);
    return tokenSet(tokens);
  } catch (err) {
    const seq = exchanges.lastSeq.get('token');
    throw new AuthorizationError(
      'auth-token',
      `The token endpoint ${as.token_endpoint} did not issue a token for ${req.what} (RFC 7523 jwt-bearer grant): ${describeExchangeFailure(err)}`,
      `RFC 7523 §3.1: the authorization server refuses an assertion whose issuer it does not trust, whose "aud" is not its issuer, or that has expired (invalid_grant). ${audienceNote(req.assertion, as.issuer)}`,
      seq ? [seq] : [],
    );
  }
}

/** What the assertion says about its audience and lifetime, for the hint after a refusal. */
function audienceNote(assertion: string, issuer: string): string {
  const claims = jwtClaims(assertion);
  if (!claims) return '';
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  const trimmed = issuer.replace(/\/+$/, '');
  const notes: string[] = [];
  if (!aud.some((a) => typeof a === 'string' && a.replace(/\/+$/, '') === trimmed))
    notes.push(`This one's "aud" is ${JSON.stringify(claims.aud)}, not the issuer ${issuer}.`);
  if (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now())
    notes.push(`It expired at ${new Date(claims.exp * 1000).toISOString()}.`);
  return notes.join(' ');
}
