import type { Rule } from '../rule';
import { httpFact } from '../http';

const HINTS: Record<string, string> = {
  ECONNREFUSED:
    'Nothing listens on that port: start the server first (MCP Lens starts stdio servers, not HTTP ones), and check the port in "url".',
  ENOTFOUND: 'The host name does not resolve: check "url".',
  EAI_AGAIN: 'The host name could not be resolved right now (DNS): check the network and "url".',
  ETIMEDOUT: 'The connection attempt timed out: a firewall, a wrong host, or a server that is not accepting connections.',
  EINVAL: 'Give "url" as an absolute http:// or https:// URL of the MCP endpoint.',
  BAD_PORT:
    "The Fetch standard blocks a few ports (X11's 6000 and IRC's 6665–6669 among them), and Node's fetch, which MCP Lens and the official SDKs use, will not connect to them: serve the endpoint on another port.",
};

/** What no retry can change: the URL itself must. */
const FIXED_BY_THE_URL = new Set(['EINVAL', 'BAD_PORT']);

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
    report({
      message: `Cannot reach ${fact.url}: ${fact.error.code} (${fact.error.message})`,
      evidence: [e.seq],
      hint,
      ...(FIXED_BY_THE_URL.has(fact.error.code) ? { retry: false } : {}),
    });
  },
};
