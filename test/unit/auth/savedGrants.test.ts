import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { OAuthAuthorizer } from '../../../src/core/auth/authorizer';
import { flowLines, lastAuthorizationAttempt } from '../../../src/core/auth/flowReport';
import { McpClient } from '../../../src/core/session/client';
import { startHttpFixture, type HttpFixture } from '../transport/httpHelpers';
import { MemoryStore } from './memoryStore';

// The official SDK's authorization server in front of an MCP server (test/fixtures/servers/http/sdk-oauth.mjs);
// the tests play the browser by following the authorization URL's redirects to the loopback listener.
let good: HttpFixture;
let shortLived: HttpFixture;
before(async () => {
  [good, shortLived] = await Promise.all([startHttpFixture('sdk-oauth.mjs'), startHttpFixture('sdk-oauth.mjs', ['--short-lived'])]);
});
after(() => Promise.all([good, shortLived].map((f) => f?.stop())));

const browser = (opened: string[]) => (url: string) => {
  opened.push(url);
  void fetch(url, { redirect: 'follow' }).then((res) => res.body?.cancel());
};

async function connect(url: string, authorizer: OAuthAuthorizer): Promise<{ client: McpClient; error?: unknown }> {
  const client = new McpClient({ url, headers: {} }, { clientInfo: { name: 't', version: '0' }, requestTimeoutMs: 20_000, probeTimeoutMs: 20_000, http: { authorizer } });
  try {
    await client.connect();
    return { client };
  } catch (error) {
    return { client, error };
  }
}

test('a sign-in is saved per server URL and issuer, and the next run uses it without a person', async () => {
  const store = new MemoryStore();
  const opened: string[] = [];
  const learned: string[] = [];
  const first = await connect(good.url, new OAuthAuthorizer(good.url, { openUrl: browser(opened), store, onSecret: (v) => learned.push(v) }));
  assert.equal(first.error, undefined);
  assert.equal(opened.length, 1);
  const [grant] = await store.load(good.url);
  assert.ok(grant);
  assert.equal(grant.issuer, new URL(good.url).origin + '/');
  assert.equal(grant.how, 'dynamic');
  assert.ok(learned.includes(grant.tokens.accessToken), 'the token is handed on for masking in the log and exports');
  // The trace never holds a token or a registered secret.
  const text = JSON.stringify(first.client.trace.events);
  for (const secret of [grant.tokens.accessToken, grant.client.client_secret].filter((s): s is string => typeof s === 'string')) assert.ok(!text.includes(secret), 'secret in the trace');
  await first.client.close();

  const second = await connect(good.url, new OAuthAuthorizer(good.url, { openUrl: () => assert.fail('no browser for a saved grant'), store, interactive: false }));
  assert.equal(second.error, undefined);
  const tools = await second.client.listAll('tools/list');
  assert.deepEqual(tools.map((t) => t.name), ['whoami']);
  assert.ok(!second.client.trace.events.some((e) => e.kind === 'auth'), 'no flow at all: the saved token was accepted');
  await second.client.close();
});

test('without a saved grant a non-interactive run stops before registration: sign-in needed, no diagnostic', async () => {
  const authorizer = new OAuthAuthorizer(good.url, { openUrl: () => assert.fail('not interactive'), store: new MemoryStore(), interactive: false });
  const { client, error } = await connect(good.url, authorizer);
  assert.ok(error, 'connect fails');
  assert.equal(authorizer.signInNeeded, new URL(good.url).origin + '/');
  const steps = client.trace.events.filter((e) => e.kind === 'auth' && e.info?.auth).map((e) => (e.info!.auth as { step: string }).step);
  assert.deepEqual(steps, ['resource-metadata', 'server-metadata'], 'discovery only: no client is registered without the person');
  assert.ok(!client.trace.events.some((e) => e.info?.authFailure));
  const report = lastAuthorizationAttempt(client.trace.events)!;
  assert.deepEqual(report.outcome, { kind: 'sign-in-required', issuer: authorizer.signInNeeded });
  await client.close();
});

test('a saved grant about to expire is refreshed at the next run, and the store gets the new tokens', async () => {
  const store = new MemoryStore();
  const first = await connect(shortLived.url, new OAuthAuthorizer(shortLived.url, { openUrl: browser([]), store }));
  assert.equal(first.error, undefined);
  await first.client.close();
  const [saved] = await store.load(shortLived.url);
  // As if the run were a day later: the access token has expired, the refresh token still works.
  await store.save(shortLived.url, { ...saved!, tokens: { ...saved!.tokens, expiresAt: Date.now() - 1000 } });
  const second = await connect(shortLived.url, new OAuthAuthorizer(shortLived.url, { openUrl: () => assert.fail('a refresh needs no person'), store, interactive: false }));
  assert.equal(second.error, undefined);
  const [renewed] = await store.load(shortLived.url);
  assert.notEqual(renewed!.tokens.accessToken, saved!.tokens.accessToken);
  assert.ok(second.client.trace.events.some((e) => (e.info?.auth as { step?: string } | undefined)?.step === 'refresh'));
  const text = JSON.stringify(second.client.trace.events);
  assert.ok(!text.includes(renewed!.tokens.accessToken) && !text.includes(saved!.tokens.refreshToken!));
  await second.client.close();
});

test('the authorization flow report: each step with its URL and status, masked, and the outcome', async () => {
  const { client, error } = await connect(good.url, new OAuthAuthorizer(good.url, { openUrl: browser([]) }));
  assert.equal(error, undefined);
  const report = lastAuthorizationAttempt(client.trace.events)!;
  assert.deepEqual(report.steps.map((s) => s.step), ['resource-metadata', 'server-metadata', 'registration', 'authorization', 'callback', 'token']);
  assert.deepEqual(report.outcome, { kind: 'granted' });
  assert.equal(report.steps[0]!.status, 200);
  const text = flowLines('oauth', good.url, report).join('\n');
  assert.match(text, /callback .*code=%3Credacted%3E|callback .*code=<redacted>/);
  assert.match(text, /token .*\n.*HTTP 200/);
  assert.match(text, /Outcome: a token was issued/);
  await client.close();
});

test('a failed step carries its rule in the report', () => {
  const events = [
    { seq: 1, t: 0, dir: 'meta' as const, kind: 'auth' as const, raw: '', info: { auth: { step: 'resource-metadata', method: 'GET', url: 'https://r/.well-known/oauth-protected-resource', status: 200 } } },
    { seq: 2, t: 0, dir: 'meta' as const, kind: 'auth' as const, raw: '', info: { auth: { step: 'server-metadata', method: 'GET', url: 'https://as/.well-known/oauth-authorization-server', status: 200 } } },
    { seq: 3, t: 0, dir: 'meta' as const, kind: 'auth' as const, raw: '', info: { authFailure: { rule: 'auth-pkce-unsupported', message: 'no S256', hint: 'publish S256', evidence: [2] } } },
  ];
  const report = lastAuthorizationAttempt(events)!;
  assert.equal(report.steps[1]!.rule, 'auth-pkce-unsupported');
  assert.equal(report.steps[0]!.rule, undefined);
  assert.match(flowLines('s', 'https://r/mcp', report).join('\n'), /✗ auth-pkce-unsupported[\s\S]*What to change: publish S256/);
  assert.equal(lastAuthorizationAttempt([]), undefined);
});

test('the sign-in page comes with a promise that settles once that sign-in is over, not before the person is back', async () => {
  // The editor's "sign in in your browser" notice waits on it: a sign-in can come mid-session, outside any start.
  const states: string[] = [];
  let ended: Promise<void> | undefined;
  const settledYet = (p: Promise<void>) => Promise.race([p.then(() => 'settled'), new Promise((resolve) => setImmediate(() => resolve('pending')))]);
  const authorizer = new OAuthAuthorizer(good.url, {
    openUrl: (url, over) => {
      ended = over;
      void settledYet(over).then((s) => {
        states.push(String(s));
        browser([])(url);
      });
    },
  });
  const { client, error } = await connect(good.url, authorizer);
  assert.equal(error, undefined);
  assert.ok(ended, 'openUrl was given the end of the sign-in');
  assert.equal(await settledYet(ended), 'settled');
  assert.deepEqual(states, ['pending']);
  await client.close();
});
