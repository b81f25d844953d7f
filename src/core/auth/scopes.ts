/**
 * The MCP spec's scope selection strategy: "Use scope parameter from the initial
 * WWW-Authenticate header in the 401 response, if provided. If scope is not available, use all
 * scopes defined in scopes_supported from the Protected Resource Metadata document, omitting the
 * scope parameter if scopes_supported is undefined." On step-up (SEP-2350) the client asks for
 * the union of what it asked before and what the challenge names. `offline_access` (SEP-2207) is
 * added when the authorization server lists it, since this client wants refresh tokens.
 */
export function chooseScope(opts: {
  challenge?: string;
  resourceScopes?: string[];
  serverScopes?: string[];
  previous?: string;
}): string | undefined {
  const base = opts.challenge ?? (opts.resourceScopes?.length ? opts.resourceScopes.join(' ') : undefined);
  const words = new Set<string>([...split(opts.previous), ...split(base)]);
  if (words.size === 0) return undefined;
  if (opts.serverScopes?.includes('offline_access')) words.add('offline_access');
  return [...words].join(' ');
}

function split(scope: string | undefined): string[] {
  return scope ? scope.split(/\s+/).filter(Boolean) : [];
}
