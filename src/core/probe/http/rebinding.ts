import type { ProbeContext } from '../probe';

/**
 * Streamable HTTP, Security Warning: "Servers MUST validate the Origin header on all incoming
 * connections to prevent DNS rebinding attacks … When running locally, servers SHOULD bind only
 * to localhost (127.0.0.1) rather than all network interfaces … Without these protections,
 * attackers could use DNS rebinding to interact with local MCP servers from remote websites."
 * The attack reaches a server on the user's own machine, so these probes only run there: a
 * remote server may serve browsers of any origin behind its own authorization.
 */
export function notLocalReason(ctx: ProbeContext, what: string): string | undefined {
  if (!ctx.http) return `stdio has no ${what} header: DNS rebinding is an HTTP attack`;
  const host = hostnameOf(ctx.http.url);
  if (host === undefined) return `"${ctx.http.url}" is not a URL`;
  if (isLoopback(host)) return undefined;
  return `${host} is not a localhost address: DNS rebinding attacks a server on the user's own machine, and a remote server may answer any ${what}`;
}

export function hostnameOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The foreign site a rebinding page is served from. */
export const FOREIGN_HOST = 'evil.example';
