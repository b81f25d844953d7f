import type { Rule } from '../rule';
import { httpFact } from '../http';

const HINTS: Record<string, string> = {
  ECONNREFUSED:
    'Nothing listens on that port: start the server first (MCP Lens starts stdio servers, not HTTP ones), and check the port in "url".',
  ENOTFOUND: 'The host name does not resolve: check "url".',
  EAI_AGAIN: 'The host name could not be resolved right now (DNS): check the network and "url".',
  ETIMEDOUT: 'The connection attempt timed out: a firewall, a wrong host, or a server that is not accepting connections.',
  EINVAL: 'Give "url" as an absolute http:// or https:// URL of the MCP endpoint.',
};

/** No HTTP exchange at all: the URL is invalid, or nothing answers at its host and port. */
export const httpUnreachable: Rule = {
  id: 'http-unreachable',
  stage: 'transport',
  severity: 'error',
  on: ['meta'],
  onEvent(e, ctx, report) {
    const fact = httpFact(e);
    if (!fact || fact.status !== undefined || fact.phase || !fact.error) return;
    const hint =
      HINTS[fact.error.code] ??
      (/CERT|SSL|TLS/i.test(fact.error.code)
        ? 'The TLS handshake failed: check the certificate (a self-signed one needs NODE_EXTRA_CA_CERTS).'
        : undefined);
    if (!hint) return;
    const state = ctx.stateOf('http-unreachable', () => ({ fired: false }));
    if (state.fired) return;
    state.fired = true;
    report({ message: `Cannot reach ${fact.url}: ${fact.error.code} (${fact.error.message})`, evidence: [e.seq], hint });
  },
};
