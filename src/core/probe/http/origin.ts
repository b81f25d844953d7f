import { redactUrl } from '../../transport/httpRedact';
import { recordVerdict, type Probe } from '../probe';
import { probeExchange } from './exchange';
import { checkSession, harmlessMethod, harmlessRequest, statusOf } from './probeSession';
import { FOREIGN_HOST, notLocalReason } from './rebinding';

/**
 * "Servers MUST validate the Origin header on all incoming connections to prevent DNS rebinding
 * attacks. If the Origin header is present and invalid, servers MUST respond with HTTP 403
 * Forbidden." Any 4xx is a refusal; only an accepted request is a finding.
 */
export const originProbe: Probe = {
  id: 'origin',
  title: 'a localhost server refuses a request from a foreign Origin',
  skip: (ctx) => notLocalReason(ctx, 'Origin'),
  async run(ctx) {
    const origin = `http://${FOREIGN_HOST}`;
    const request = harmlessRequest(ctx, 'origin', checkSession(ctx)?.id);
    const answer = await probeExchange(ctx, 'origin', ctx.http!.url, {
      method: 'POST',
      body: request.body,
      headers: { ...request.headers, Origin: origin },
    });
    if (answer.status === undefined || answer.status < 200 || answer.status >= 300) return;
    recordVerdict(ctx.client.trace, 'origin', {
      rule: 'origin-not-validated',
      message: `A ${harmlessMethod(ctx)} with Origin: ${origin} was answered ${statusOf(answer)} by ${redactUrl(ctx.http!.url)}: any web page the user opens could reach this localhost server through DNS rebinding.`,
      hint: 'Validate the Origin header of every request and answer a foreign one with HTTP 403 Forbidden (the TypeScript SDK: allowedOrigins with enableDnsRebindingProtection, or its host-header middleware for Host).',
      evidence: [answer.seq],
    });
  },
};
