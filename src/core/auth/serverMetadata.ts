import * as oauth from 'oauth4webapi';
import { AuthorizationError } from './errors';
import type { AuthExchanges } from './exchanges';

/**
 * Authorization Server Metadata addresses in the MCP spec's order. For an issuer with a path:
 * RFC 8414 path insertion, OpenID Connect discovery with path insertion, then OpenID Connect
 * path appending; without a path: RFC 8414, then OpenID Connect discovery.
 */
export function serverMetadataUrls(issuer: URL): string[] {
  const path = issuer.pathname.replace(/\/$/, '');
  if (!path) return [`${issuer.origin}/.well-known/oauth-authorization-server`, `${issuer.origin}/.well-known/openid-configuration`];
  return [
    `${issuer.origin}/.well-known/oauth-authorization-server${path}`,
    `${issuer.origin}/.well-known/openid-configuration${path}`,
    `${issuer.origin}${path}/.well-known/openid-configuration`,
  ];
}

/**
 * The authorization server's metadata, its issuer checked by oauth4webapi (RFC 8414 §3.3: "The
 * issuer value returned MUST be identical to the authorization server's issuer identifier value
 * into which the well-known URI string was inserted"). Undefined when no address answers.
 */
export async function discoverServerMetadata(
  issuer: URL,
  exchanges: AuthExchanges,
  step: 'server-metadata' | 'idp-metadata' = 'server-metadata',
): Promise<oauth.AuthorizationServer | undefined> {
  for (const url of serverMetadataUrls(issuer)) {
    let res: Response;
    try {
      res = await exchanges.fetch(step, url, { headers: { Accept: 'application/json' } });
    } catch {
      continue;
    }
    const seq = exchanges.lastSeq.get(step)!;
    if (!res.ok) continue;
    try {
      return await oauth.processDiscoveryResponse(issuer, res);
    } catch (err) {
      if (err instanceof oauth.OperationProcessingError && err.code === oauth.JSON_ATTRIBUTE_COMPARISON) {
        const said = ((err.cause as { body?: { issuer?: unknown } } | undefined)?.body ?? {}) as { issuer?: unknown };
        throw new AuthorizationError(
          'auth-issuer-mismatch',
          `The authorization server metadata at ${url} names issuer ${JSON.stringify(said.issuer)}, not ${issuer.href}: the client refuses metadata that is not the issuer's own`,
          'RFC 8414 §3.3: the "issuer" in the metadata MUST be identical to the issuer identifier the well-known URL was built from. Publish the authorization server\'s own issuer there.',
          [seq],
        );
      }
      throw new AuthorizationError(
        'auth-metadata',
        `The authorization server metadata at ${url} is not valid: ${(err as Error).message}`,
        'RFC 8414 §3.2: the metadata is a JSON object with at least "issuer", "authorization_endpoint" and "token_endpoint" (for the code flow).',
        [seq],
      );
    }
  }
  return undefined;
}

/**
 * 2025-03-26 back-compat, for a server without any metadata: "the client MUST use the default
 * endpoint paths relative to the authorization base URL": /authorize, /token, /register.
 */
export function fallbackServerMetadata(base: URL): oauth.AuthorizationServer {
  return {
    issuer: base.origin,
    authorization_endpoint: `${base.origin}/authorize`,
    token_endpoint: `${base.origin}/token`,
    registration_endpoint: `${base.origin}/register`,
    code_challenge_methods_supported: ['S256'],
  };
}
