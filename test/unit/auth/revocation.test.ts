import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import * as oauth from 'oauth4webapi';
import { OAuthAuthorizer } from '../../../src/core/auth/authorizer';
import { describeRevocations, signOutOf } from '../../../src/core/auth/revocation';
import { savedIdentity, type SavedGrant } from '../../../src/core/auth/savedGrant';
import { McpClient } from '../../../src/core/session/client';
import { startHttpFixture, type HttpFixture } from '../transport/httpHelpers';
import { MemoryStore } from './memoryStore';

// Signing out revokes the tokens at the official SDK's authorization server (RFC 7009; the
// fixture test/fixtures/servers/http/sdk-oauth.mjs implements the provider's revokeToken),
// then forgets them. The tests check at the servers themselves that the tokens stopped working.
let withRefresh: HttpFixture;
let noRevocation: HttpFixture;
before(async () => {
  [withRefresh, noRevocation] = await Promise.all([startHttpFixture('sdk-oauth.mjs', ['--short-lived']), startHttpFixture('sdk-oauth.mjs', ['--no-revocation'])]);
});
after(() => Promise.all([withRefresh, noRevocation].map((f) => f?.stop())));

/** Signs in as a browser would (following the redirects to the loopback listener) and returns the saved grant. */
async function signIn(url: string, store: MemoryStore): Promise<SavedGrant> {
  const authorizer = new OAuthAuthorizer(url, { openUrl: (page) => void fetch(page, { redirect: 'follow' }).then((res) => res.body?.cancel()), store });
  const client = new McpClient({ url, headers: {} }, { clientInfo: { name: 't', version: '0' }, requestTimeoutMs: 20_000, probeTimeoutMs: 20_000, http: { authorizer } });
  await client.connect();
  await client.close();
  const [grant] = await store.load(url);
  assert.ok(grant, 'the sign-in was saved');
  return grant;
}

/** The HTTP status the MCP endpoint answers an initialize request carrying this access token with. */
async function statusWith(url: string, accessToken: string): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } } }),
  });
  await res.body?.cancel();
  return res.status;
}

/** Whether the authorization server still renews tokens with this refresh token. */
async function refreshWorks(grant: SavedGrant): Promise<boolean> {
  const identity = savedIdentity(grant)!;
  const res = await oauth.refreshTokenGrantRequest(grant.as, identity.client, identity.clientAuth, grant.tokens.refreshToken!, { [oauth.allowInsecureRequests]: true });
  try {
    await oauth.processRefreshTokenResponse(grant.as, identity.client, res);
    return true;
  } catch {
    return false;
  }
}

test('sign-out revokes the refresh token and the access token at the revocation endpoint, then forgets them', async () => {
  const store = new MemoryStore();
  const grant = await signIn(withRefresh.url, store);
  assert.ok(grant.as.revocation_endpoint, 'the authorization server publishes revocation_endpoint');
  assert.ok(grant.tokens.refreshToken, 'the grant has a refresh token');
  assert.equal(await statusWith(withRefresh.url, grant.tokens.accessToken), 200, 'before sign-out the token works');

  const outcome = await signOutOf(store, withRefresh.url);
  assert.deepEqual(outcome, { forgotten: 1, revocations: [{ issuer: grant.issuer, revoked: true }] });
  assert.deepEqual(await store.load(withRefresh.url), []);
  assert.equal(await statusWith(withRefresh.url, grant.tokens.accessToken), 401, 'the revoked access token is refused');
  assert.equal(await refreshWorks(grant), false, 'the revoked refresh token renews nothing');
  assert.deepEqual(describeRevocations(outcome.revocations), [`revoked at ${grant.issuer}`]);
});

test('an authorization server without revocation_endpoint: the tokens are forgotten here, and the outcome says they stay valid there', async () => {
  const store = new MemoryStore();
  const grant = await signIn(noRevocation.url, store);
  assert.equal(grant.as.revocation_endpoint, undefined);
  const outcome = await signOutOf(store, noRevocation.url);
  assert.equal(outcome.forgotten, 1);
  assert.equal(outcome.revocations[0]!.revoked, false);
  assert.match(outcome.revocations[0]!.reason!, /publishes no revocation_endpoint/);
  assert.deepEqual(await store.load(noRevocation.url), []);
  assert.equal(await statusWith(noRevocation.url, grant.tokens.accessToken), 200, 'nothing revoked it: the outcome is honest about that');
});

test('a revocation endpoint that cannot be reached: the failure is reported and the tokens are forgotten all the same', async () => {
  const store = new MemoryStore();
  const grant = await signIn(withRefresh.url, store);
  // A port nothing listens on: the endpoint is the server's, moved where no server answers.
  const unreachable = { ...grant, as: { ...grant.as, revocation_endpoint: 'http://127.0.0.1:9/revoke' } };
  await store.save(withRefresh.url, unreachable);
  const outcome = await signOutOf(store, withRefresh.url);
  assert.equal(outcome.forgotten, 1);
  assert.equal(outcome.revocations[0]!.revoked, false);
  assert.match(outcome.revocations[0]!.reason!, /127\.0\.0\.1:9\/revoke did not revoke the refresh token: .+; the access token: /);
  assert.deepEqual(await store.load(withRefresh.url), []);
  assert.equal(await statusWith(withRefresh.url, grant.tokens.accessToken), 200, 'nothing reached the server');
});

test('a revocation endpoint that is plain http off the loopback interface is not sent the tokens', async () => {
  const store = new MemoryStore();
  const grant = await signIn(withRefresh.url, store);
  await store.save(withRefresh.url, { ...grant, as: { ...grant.as, revocation_endpoint: 'http://as.example/revoke' } });
  const outcome = await signOutOf(store, withRefresh.url);
  assert.equal(outcome.revocations[0]!.revoked, false);
  assert.match(outcome.revocations[0]!.reason!, /not https/);
  assert.equal(outcome.forgotten, 1);
});

test('a grant store that cannot be read: the sign-out says its grants were not revoked, and still forgets them', async () => {
  // As SecretStorage does when the OS keychain is locked: the read fails, the clear does not.
  class LockedStore extends MemoryStore {
    override async load(): Promise<SavedGrant[]> {
      throw new Error('the keychain is locked');
    }
  }
  const store = new LockedStore();
  const issuer = 'http://127.0.0.1:1';
  await store.save('http://127.0.0.1:1/mcp', { issuer, as: { issuer }, client: { client_id: 'c' }, how: 'dynamic', tokens: { accessToken: 'a' }, savedAt: 1 } as SavedGrant);
  const outcome = await signOutOf(store, 'http://127.0.0.1:1/mcp');
  assert.equal(outcome.forgotten, 1);
  assert.deepEqual(describeRevocations(outcome.revocations), ['not revoked at its authorization server: the saved grants could not be read (the keychain is locked)']);
  assert.equal(store.byUrl.size, 0);
});
