import type { Rule } from '../rule';
import { quote } from '../describe';
import { httpFact } from '../http';

/**
 * HTTP+SSE (2024-11-05): "When a client connects, the server MUST send an endpoint event
 * containing a URI for the client to use for sending messages", and the 2025-03-26 backwards
 * compatibility expects "an endpoint event as the first event". Without a usable one the
 * client has nowhere to send anything.
 */
export const sseEndpointInvalid: Rule = {
  id: 'sse-endpoint-invalid',
  stage: 'transport',
  severity: 'error',
  on: ['meta'],
  onEvent(e, _ctx, report) {
    const fact = httpFact(e);
    if (!fact || fact.phase !== 'sse-endpoint' || !fact.error || fact.sseFallback) return;
    const event = e.info?.event as { event?: string; data?: string } | undefined;
    const sent = event ? ` The stream sent event "${event.event ?? 'message'}" with data ${quote(event.data ?? '', 160)}.` : '';
    report({
      message: `${fact.url}: ${fact.error.message}`,
      evidence: [e.seq],
      hint: `The server must open the stream with \`event: endpoint\` whose data is the URI to POST messages to (relative, or absolute on the same origin), e.g. \`data: /messages?sessionId=…\`; the official SDKs' SSEServerTransport does this on start().${sent} MCP Lens posts only to the stream's own origin, since the messages carry the configured credentials.`,
    });
  },
};
