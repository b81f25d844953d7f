import { AuthorizationError } from './errors';
import type { AuthExchanges } from './exchanges';
import { absent } from '../util/ignored';

/** RFC 9728 §2: what a protected resource publishes about itself. */
export interface ResourceMetadata {
  resource: string;
  authorization_servers?: string[];
  scopes_supported?: string[];
  /** RFC 9728 §2 (from RFC 9449): the resource accepts only DPoP-bound tokens, and the algorithms it checks proofs with. */
  dpop_bound_access_tokens_required?: boolean;
  dpop_signing_alg_values_supported?: string[];
  /** Where it was read, and the trace seq of that exchange. */
  url: string;
  seq: number;
}

/**
 * The well-known addresses of RFC 9728 §3.1 for an MCP endpoint, in the MCP spec's order:
 * "If the MCP server URL has a path component, the client MUST first try
 * https://host/.well-known/oauth-protected-resource/<path>, then …/oauth-protected-resource".
 */
export function resourceMetadataUrls(server: URL): string[] {
  const path = server.pathname.replace(/\/$/, '');
  const urls = path ? [`${server.origin}/.well-known/oauth-protected-resource${path}`] : [];
  urls.push(`${server.origin}/.well-known/oauth-protected-resource`);
  return urls;
}

/**
 * Protected Resource Metadata: "Clients MUST … use the resource metadata URL from the parsed
 * WWW-Authenticate headers when present; otherwise, fall back to constructing well-known URIs".
 * Undefined when the server publishes none (a 2025-03-26 server: its origin is its authorization server).
 */
export async function discoverResourceMetadata(
  server: URL,
  fromChallenge: string | undefined,
  exchanges: AuthExchanges,
): Promise<ResourceMetadata | undefined> {
  const candidates = [...(fromChallenge ? [fromChallenge] : []), ...resourceMetadataUrls(server)];
  const tried = new Set<string>();
  for (const url of candidates) {
    if (tried.has(url)) continue;
    tried.add(url);
    let res: Response;
    try {
      res = await exchanges.fetch('resource-metadata', url, { headers: { Accept: 'application/json' } });
    } catch {
      continue;
    }
    const seq = exchanges.lastSeq.get('resource-metadata')!;
    if (!res.ok) continue;
    const json = (await res.json().catch(absent)) as Record<string, unknown> | undefined;
    if (!json || typeof json.resource !== 'string') {
      throw new AuthorizationError(
        'auth-metadata',
        `The protected resource metadata at ${url} is not a JSON object with a "resource" string`,
        'RFC 9728 §2: the document MUST carry "resource", the protected resource\'s identifier, and SHOULD list "authorization_servers".',
        [seq],
      );
    }
    checkResource(server, json.resource, url, seq);
    return {
      resource: json.resource,
      ...(isStringArray(json.authorization_servers) ? { authorization_servers: json.authorization_servers } : {}),
      ...(isStringArray(json.scopes_supported) ? { scopes_supported: json.scopes_supported } : {}),
      ...(typeof json.dpop_bound_access_tokens_required === 'boolean'
        ? { dpop_bound_access_tokens_required: json.dpop_bound_access_tokens_required }
        : {}),
      ...(isStringArray(json.dpop_signing_alg_values_supported)
        ? { dpop_signing_alg_values_supported: json.dpop_signing_alg_values_supported }
        : {}),
      url,
      seq,
    };
  }
  return undefined;
}

/**
 * RFC 9728 §3.3: "If [the resource value] does not match, the client MUST NOT use the metadata";
 * MCP: the resource identifier is the server's canonical URI, the server URL or a parent of it.
 */
function checkResource(server: URL, resource: string, url: string, seq: number): void {
  let named: URL | undefined;
  try {
    named = new URL(resource);
  } catch {
    named = undefined;
  }
  const path = named?.pathname.replace(/\/$/, '') ?? '';
  const serverPath = server.pathname.replace(/\/$/, '');
  const matches = named !== undefined && named.origin === server.origin && (serverPath === path || serverPath.startsWith(`${path}/`));
  if (!matches) {
    throw new AuthorizationError(
      'auth-resource-mismatch',
      `The protected resource metadata at ${url} is for "${resource}", not for the server at ${server.href}: the client refuses to ask for a token for another resource`,
      'RFC 9728 §3.3: the "resource" value MUST be the identifier of the server the metadata was fetched for. Publish the MCP server\'s own canonical URL there.',
      [seq],
    );
  }
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}
