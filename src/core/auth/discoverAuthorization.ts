/**
 * Where an authorization for an MCP server goes: its Protected Resource Metadata (when it has
 * any), the authorization server that names (or, in 2025-03-26, the server's own origin), that
 * server's metadata, and the resource indicator to ask a token for; and whether the
 * authorization server can be used for the code flow at all.
 */
import type * as oauth from 'oauth4webapi';
import type { BearerChallenge } from './challenge';
import { AuthorizationError } from './errors';
import type { AuthExchanges } from './exchanges';
import { isSecureEndpoint } from './requestOptions';
import { discoverResourceMetadata, type ResourceMetadata } from './resourceMetadata';
import { discoverServerMetadata, fallbackServerMetadata } from './serverMetadata';

/** What discovery found for one authorization. */
export interface Discovered {
  as: oauth.AuthorizationServer;
  resourceMetadata: ResourceMetadata | undefined;
  /** The RFC 8707 resource the token is asked for. */
  resource: string;
}

export async function discoverAuthorization(serverUrl: string, bearer: BearerChallenge, exchanges: AuthExchanges): Promise<Discovered> {
  const server = new URL(serverUrl);
  const resourceMetadata = await discoverResourceMetadata(server, bearer.resourceMetadata, exchanges);
  const issuer = resourceMetadata ? resourceMetadata.authorization_servers?.[0] : server.origin;
  if (!issuer) {
    throw new AuthorizationError(
      'auth-metadata',
      `The protected resource metadata at ${resourceMetadata!.url} names no authorization server`,
      'RFC 9728 §2 / MCP: the document MUST include "authorization_servers" with at least one issuer the client can use.',
      [resourceMetadata!.seq],
    );
  }
  // 2025-03-26: with no resource metadata the authorization base URL is the server's origin,
  // and without its metadata "the client MUST use the default endpoint paths".
  const as = (await discoverServerMetadata(new URL(issuer), exchanges)) ?? (resourceMetadata ? undefined : fallbackServerMetadata(server));
  if (!as) {
    throw new AuthorizationError(
      'auth-metadata',
      `No authorization server metadata for ${issuer}: every well-known address (RFC 8414, then OpenID Connect discovery) failed`,
      "Serve the metadata at /.well-known/oauth-authorization-server (with the issuer's path after it) or at the OpenID Connect discovery address.",
      [exchanges.lastSeq.get('server-metadata') ?? resourceMetadata!.seq],
    );
  }
  // RFC 8707: the resource "exactly as published"; without metadata, the server's canonical URI.
  const resource = resourceMetadata?.resource ?? canonicalUri(server);
  return { as, resourceMetadata, resource };
}

/** The authorization server can be used: endpoints over https (or loopback), PKCE S256. */
export function checkServer(as: oauth.AuthorizationServer, exchanges: AuthExchanges): void {
  const seq = [exchanges.lastSeq.get('server-metadata')].filter((s): s is number => s !== undefined);
  for (const endpoint of [as.authorization_endpoint, as.token_endpoint]) {
    if (!isSecureEndpoint(endpoint)) {
      throw new AuthorizationError(
        'auth-metadata',
        `The authorization server ${as.issuer} ${endpoint ? `names endpoint ${endpoint}, which is not https` : 'lacks an authorization_endpoint or token_endpoint'}`,
        'OAuth 2.1 / MCP: "All authorization server endpoints MUST be served over HTTPS" (loopback addresses excepted for development), and the code flow needs both endpoints.',
        seq,
      );
    }
  }
  // "If code_challenge_methods_supported is absent, the authorization server does not support PKCE and MCP clients MUST refuse to proceed."
  if (!as.code_challenge_methods_supported?.includes('S256')) {
    throw new AuthorizationError(
      'auth-pkce-unsupported',
      `The authorization server ${as.issuer} does not list S256 in code_challenge_methods_supported (${as.code_challenge_methods_supported ? JSON.stringify(as.code_challenge_methods_supported) : 'absent'}): the client refuses to proceed without PKCE`,
      'MCP: clients MUST use PKCE with S256 and MUST refuse a server whose metadata lacks code_challenge_methods_supported. Support S256 and publish it.',
      seq,
    );
  }
}

/** MCP canonical server URI: scheme and host lowercase, no fragment. */
function canonicalUri(server: URL): string {
  const u = new URL(server.href);
  u.hash = '';
  return u.href;
}
