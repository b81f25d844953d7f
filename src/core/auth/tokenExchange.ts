import * as oauth from 'oauth4webapi';
import { describeExchangeFailure, EXCHANGE_TIMEOUT_MS, requireJwt } from './assertion';
import { AuthorizationError } from './errors';
import type { AuthExchanges } from './exchanges';
import { clientAuthFor } from './registration';
import { isSecureEndpoint, requestOptions } from './requestOptions';
import { discoverServerMetadata } from './serverMetadata';

/** RFC 8693 §2.1 and the Identity Assertion Authorization Grant draft: the URNs of the exchange. */
export const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';
export const ID_JAG_TYPE = 'urn:ietf:params:oauth:token-type:id-jag';

/** The enterprise IdP this client exchanges the person's ID token at, and how it is known there. */
export interface IdpSettings {
  /** The IdP's issuer: its token endpoint is discovered (RFC 8414, then OpenID Connect discovery). */
  issuer?: string;
  /** The IdP's token endpoint, when it is given rather than discovered. */
  tokenEndpoint?: string;
  /** This client's id at the IdP (not at the MCP server's authorization server). */
  clientId: string;
  clientSecret?: string;
}

/** The IdP as oauth4webapi addresses it: its token endpoint given, or from its metadata. */
export async function idpServer(idp: IdpSettings, exchanges: AuthExchanges): Promise<oauth.AuthorizationServer> {
  let server: oauth.AuthorizationServer | undefined;
  if (idp.tokenEndpoint) server = { issuer: idp.issuer ?? new URL(idp.tokenEndpoint).origin, token_endpoint: idp.tokenEndpoint };
  else if (idp.issuer) server = await discoverServerMetadata(new URL(idp.issuer), exchanges, 'idp-metadata');
  const seq = [exchanges.lastSeq.get('idp-metadata')].filter((s): s is number => s !== undefined);
  if (!server?.token_endpoint) {
    throw new AuthorizationError(
      'auth-token-exchange',
      `The enterprise IdP ${idp.issuer ?? ''} publishes no token endpoint: ${server ? 'its metadata has no "token_endpoint"' : 'no metadata address (RFC 8414, OpenID Connect discovery) answered'}`,
      "Give the IdP's token endpoint itself (--idp-token-endpoint), or an issuer whose metadata names one.",
      seq,
    );
  }
  if (!isSecureEndpoint(server.token_endpoint)) {
    throw new AuthorizationError(
      'auth-token-exchange',
      `The enterprise IdP's token endpoint ${server.token_endpoint} is not https: the client does not send the person's ID token there`,
      'OAuth 2.1 §1.5: token endpoints MUST be https (loopback addresses excepted for development).',
      seq,
    );
  }
  return server;
}

export interface IdJagRequest {
  idp: oauth.AuthorizationServer;
  settings: IdpSettings;
  idToken: string;
  /** The MCP server's authorization server: the issuer the ID-JAG is for. */
  audience: string;
  resource: string | undefined;
  scope: string | undefined;
  exchanges: AuthExchanges;
}

/**
 * RFC 8693 token exchange at the enterprise IdP (SEP-990, enterprise-managed authorization): the
 * person's ID token as `subject_token`, an Identity Assertion JWT Authorization Grant (ID-JAG) as
 * `requested_token_type`, the MCP server's authorization server as `audience` and the MCP server
 * as `resource`. The answer's `issued_token_type` must be the ID-JAG, its `token_type` N_A
 * (RFC 8693 §2.2.1: the token is not an access token).
 */
export async function requestIdJag(req: IdJagRequest): Promise<string> {
  const { idp, settings, exchanges } = req;
  const secret = settings.clientSecret;
  exchanges.addSecret(secret);
  const supported = idp.token_endpoint_auth_methods_supported;
  const method = !secret ? 'none' : !supported || supported.includes('client_secret_basic') ? 'client_secret_basic' : 'client_secret_post';
  const client: oauth.Client = { client_id: settings.clientId, token_endpoint_auth_method: method };
  const parameters: Record<string, string> = {
    requested_token_type: ID_JAG_TYPE,
    audience: req.audience,
    ...(req.resource ? { resource: req.resource } : {}),
    ...(req.scope ? { scope: req.scope } : {}),
    subject_token: req.idToken,
    subject_token_type: ID_TOKEN_TYPE,
  };
  let response: oauth.TokenEndpointResponse;
  try {
    const res = await oauth.genericTokenEndpointRequest(idp, client, clientAuthFor(method, secret), TOKEN_EXCHANGE, parameters, {
      ...requestOptions(exchanges, 'token-exchange'),
      signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
    });
    response = await oauth.processGenericTokenEndpointResponse(idp, client, res, { recognizedTokenTypes: { n_a: () => undefined } });
  } catch (err) {
    throw exchangeError(
      `The enterprise IdP's token endpoint ${idp.token_endpoint} did not exchange the ID token for an ID-JAG: ${describeExchangeFailure(err)}`,
      exchanges,
    );
  }
  exchanges.addSecret(response.access_token);
  if (response.issued_token_type !== ID_JAG_TYPE) {
    throw exchangeError(
      `The enterprise IdP answered the token exchange with issued_token_type ${JSON.stringify(response.issued_token_type)}, not ${ID_JAG_TYPE}`,
      exchanges,
    );
  }
  const seq = [exchanges.lastSeq.get('token-exchange')].filter((s): s is number => s !== undefined);
  requireJwt(
    response.access_token,
    'The ID-JAG the enterprise IdP issued',
    'The IdP must issue the ID-JAG as a signed JWT (typ oauth-id-jag+jwt).',
    seq,
  );
  return response.access_token;
}

function exchangeError(message: string, exchanges: AuthExchanges): AuthorizationError {
  const seq = exchanges.lastSeq.get('token-exchange');
  return new AuthorizationError(
    'auth-token-exchange',
    message,
    'RFC 8693 §2.2: a successful exchange answers 200 with "access_token" (the ID-JAG), "issued_token_type" urn:ietf:params:oauth:token-type:id-jag and "token_type" N_A; an error answer names what was refused (invalid_grant: the ID token is expired or not the IdP\'s; invalid_target: the audience or resource is not one the IdP issues grants for).',
    seq ? [seq] : [],
  );
}
