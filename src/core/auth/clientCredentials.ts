import * as oauth from 'oauth4webapi';
import { tokenSet, type TokenSet } from './authorizationCode';
import { withNonceRetry, type DpopKey } from './dpop';
import { AuthorizationError } from './errors';
import type { AuthExchanges } from './exchanges';
import type { ClientIdentity } from './registration';
import { describe } from './registration';
import { requestOptions } from './requestOptions';

/**
 * The client credentials grant of the MCP OAuth client credentials extension (SEP-1046): no
 * person, no browser; the pre-registered client authenticates at the token endpoint itself
 * (client_secret_basic or private_key_jwt, RFC 7523) and gets a token for the resource.
 */
export async function clientCredentialsFlow(
  as: oauth.AuthorizationServer,
  identity: ClientIdentity,
  resource: string | undefined,
  scope: string | undefined,
  exchanges: AuthExchanges,
  dpop?: DpopKey,
): Promise<TokenSet> {
  const parameters: Record<string, string> = {};
  if (scope) parameters.scope = scope;
  // RFC 8707: the resource the token is for, exactly as published.
  if (resource) parameters.resource = resource;
  try {
    const tokens = await withNonceRetry(dpop, exchanges, 'token', async () => {
      const res = await oauth.clientCredentialsGrantRequest(
        as,
        identity.client,
        identity.clientAuth,
        parameters,
        requestOptions(exchanges, 'token', dpop),
      );
      return oauth.processClientCredentialsResponse(as, identity.client, res);
    });
    exchanges.addSecret(tokens.access_token);
    // No refresh token in this grant (OAuth 2.1 §4.2.3: one "SHOULD NOT be included").
    const { refreshToken: _none, ...set } = tokenSet(tokens);
    return set;
  } catch (err) {
    if (err instanceof AuthorizationError) throw err;
    const seq = exchanges.lastSeq.get('token');
    throw new AuthorizationError(
      'auth-token',
      `The token endpoint ${as.token_endpoint} did not issue a token for the client credentials grant: ${describe(err)}`,
      'OAuth 2.1 §4.2: the client authenticates with its registered method and gets a token; an error response names what was refused (invalid_client: the secret or the assertion).',
      seq ? [seq] : [],
    );
  }
}

/**
 * This client asks for client credentials when it has them (a client id with a secret or a
 * private key) and the authorization server offers that grant but not the authorization code one.
 */
export function usesClientCredentials(
  as: oauth.AuthorizationServer,
  settings: { clientId?: string; clientSecret?: string; privateKeyPem?: string },
): boolean {
  const grants = as.grant_types_supported ?? ['authorization_code', 'implicit'];
  return (
    Boolean(settings.clientId && (settings.clientSecret || settings.privateKeyPem)) &&
    grants.includes('client_credentials') &&
    !grants.includes('authorization_code')
  );
}
