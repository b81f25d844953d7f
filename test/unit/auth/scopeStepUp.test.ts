import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { OAuthAuthorizer } from '../../../src/core/auth/authorizer';
import { McpClient } from '../../../src/core/session/client';
import { startHttpFixture, type HttpFixture } from '../transport/httpHelpers';
import { MemoryStore } from './memoryStore';

// The official SDK's authorization server in front of an MCP server whose tools/call needs
// mcp:write on top of a valid token (test/fixtures/servers/http/sdk-oauth.mjs --step-up).
let server: HttpFixture;
before(async () => {
  server = await startHttpFixture('sdk-oauth.mjs', ['--step-up', 'mcp:write']);
});
after(() => server?.stop());

/** The browser: records each authorization URL and follows its redirects to the loopback listener. */
const browser = (opened: URL[]) => (url: string) => {
  opened.push(new URL(url));
  void fetch(url, { redirect: 'follow' }).then((res) => res.body?.cancel());
};

function client(authorizer: OAuthAuthorizer): McpClient {
  return new McpClient({ url: server.url, headers: {} }, { clientInfo: { name: 't', version: '0' }, requestTimeoutMs: 20_000, probeTimeoutMs: 20_000, http: { authorizer } });
}

test('a step-up after a grant restored from an earlier run asks for the scope granted then and the one challenged (SEP-2350)', { timeout: 60_000 }, async () => {
  const store = new MemoryStore();
  const first: URL[] = [];
  const earlier = client(new OAuthAuthorizer(server.url, { openUrl: browser(first), store }));
  await earlier.connect();
  await earlier.close();
  assert.deepEqual(first.map((u) => u.searchParams.get('scope')), ['mcp:tools'], 'the first sign-in asks for scopes_supported');
  assert.equal((await store.load(server.url))[0]?.tokens.scope, 'mcp:tools');

  // A new run: the grant comes from the store, so this authorizer never asked for anything itself.
  const opened: URL[] = [];
  const later = client(new OAuthAuthorizer(server.url, { openUrl: browser(opened), store }));
  await later.connect();
  const result = await later.callTool('whoami', {});
  assert.notEqual(result.isError, true);
  assert.deepEqual(opened.map((u) => u.searchParams.get('scope')), ['mcp:tools mcp:write'], 'the granted mcp:tools is kept beside the challenged mcp:write');
  // The token it got holds both: listing (mcp:tools) still works after the step-up.
  assert.deepEqual((await later.listAll('tools/list')).map((t) => t.name), ['whoami']);
  const saved = await store.load(server.url);
  assert.equal(saved.at(-1)?.tokens.scope, 'mcp:tools mcp:write');
  await later.close();
});
