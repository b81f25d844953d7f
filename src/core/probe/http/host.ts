import { redactUrl } from '../../transport/httpRedact';
import { recordVerdict, type Probe } from '../probe';
import { probeExchange } from './exchange';
import { checkSession, harmlessMethod, harmlessRequest, statusOf } from './probeSession';
import { FOREIGN_HOST, notLocalReason } from './rebinding';

/**
 * DNS rebinding (the transport's Security Warning, rebinding.ts): a page on a foreign name that
 * now resolves to 127.0.0.1 sends its requests with that name in `Host`, so a localhost server
 * that does not check Host answers it. Any 4xx is a refusal; only an accepted request is a finding.
 */
export const hostProbe: Probe = {
  id: 'host',
  title: 'a localhost server refuses a request for a foreign Host',
  skip: (ctx) => notLocalReason(ctx, 'Host'),
  async run(ctx) {
    const url = new URL(ctx.http!.url);
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    const host = `${FOREIGN_HOST}:${port}`;
    const request = harmlessRequest(ctx, 'host', checkSession(ctx)?.id);
    const answer = await probeExchange(ctx, 'host', ctx.http!.url, {
      method: 'POST',
      body: request.body,
      headers: { ...request.headers, Host: host },
    });
    if (answer.status === undefined || answer.status < 200 || answer.status >= 300) return;
    recordVerdict(ctx.client.trace, 'host', {
      rule: 'host-not-validated',
      message: `A ${harmlessMethod(ctx)} with Host: ${host} was answered ${statusOf(answer)} by ${redactUrl(ctx.http!.url)}: a web page on any domain rebound to this machine could reach this localhost server.`,
      hint: 'Accept only the Host names the server is reached by (localhost, 127.0.0.1, [::1] with its port) and answer any other with HTTP 403 Forbidden (the TypeScript SDK: allowedHosts with enableDnsRebindingProtection, or its hostHeaderValidation middleware).',
      evidence: [answer.seq],
    });
  },
};
