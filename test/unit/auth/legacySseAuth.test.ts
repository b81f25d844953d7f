import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { OAuthAuthorizer } from '../../../src/core/auth/authorizer';
import { McpClient } from '../../../src/core/session/client';
import { startHttpFixture, type HttpFixture } from '../transport/httpHelpers';

// The authorization flow over the legacy HTTP+SSE transport (2024-11-05): the official SDK's
// SSEServerTransport behind its bearer check and authorization server
// (test/fixtures/servers/http/sdk-oauth.mjs --sse). The GET of the stream and the POSTs to the
// endpoint are challenged alike; the tests play the browser by following the redirects.
let sse: HttpFixture;
before(async () => (sse = await startHttpFixture('sdk-oauth.mjs', ['--sse', '--refresh-tokens', '--controls'])));
after(() => sse?.stop());

const texts = (r: Record<string, unknown>) => (r.content as { text: string }[]).map((c) => c.text);
const steps = (client: McpClient) => client.trace.events.filter((e) => e.kind === 'auth' && e.info?.auth).map((e) => (e.info!.auth as { step: string }).step);
const challenged = (client: McpClient) => client.trace.events.filter((e) => e.kind === 'http' && e.info?.authChallenge).map((e) => `${String(e.info!.method)} ${String(e.info!.status)}`);

test('HTTP+SSE behind OAuth: the refused GET of the stream brings the sign-in, a POST refused later brings a refresh', async () => {
  const opened: string[] = [];
  const browser = (url: string) => {
    opened.push(url);
    void fetch(url, { redirect: 'follow' }).then((res) => res.body?.cancel());
  };
  const authorizer = new OAuthAuthorizer(sse.url, { openUrl: browser });
  const client = new McpClient({ url: sse.url, transport: 'sse', headers: {} }, { clientInfo: { name: 't', version: '0' }, requestTimeoutMs: 20_000, http: { authorizer } });
  try {
    const info = await client.connect();
    assert.equal(info.era, 'legacy');
    assert.deepEqual((await client.listAll('tools/list')).map((t) => t.name), ['whoami']);
    assert.equal(opened.length, 1, 'one sign-in');
    assert.deepEqual(challenged(client), ['GET 401'], 'the stream was refused once, then opened with the token');
    assert.deepEqual(steps(client), ['resource-metadata', 'server-metadata', 'registration', 'authorization', 'callback', 'token']);

    // The access token ends at the authorization server: the next POST is refused, refreshed, sent again.
    const res = await fetch(new URL('/test/expire', sse.url), { method: 'POST' });
    assert.equal(res.status, 204);
    assert.match(texts(await client.callTool('whoami', {}))[0]!, new RegExp(`resource:${sse.url}`));
    assert.deepEqual(challenged(client), ['GET 401', 'POST 401']);
    assert.deepEqual(steps(client).slice(-1), ['refresh']);
    assert.equal(opened.length, 1, 'no second sign-in: the refresh token renewed the access token');
  } finally {
    await client.close();
  }
});
