import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { OAuthAuthorizer, type AuthorizerOptions } from '../../../src/core/auth/authorizer';
import { dpopChallengeOf, proofAlgorithm } from '../../../src/core/auth/dpop';
import type { AuthExchangeFact } from '../../../src/core/auth/exchanges';
import { flowLines, lastAuthorizationAttempt } from '../../../src/core/auth/flowReport';
import { diagnose } from '../../../src/core/diagnose/engine';
import { McpClient } from '../../../src/core/session/client';
import type { TraceEvent } from '../../../src/core/trace/event';
import { startHttpFixture, type HttpFixture } from '../transport/httpHelpers';
import { MemoryStore } from './memoryStore';

// An MCP server that takes only DPoP-bound tokens, with its authorization server, checking every
// proof itself (test/fixtures/servers/http/dpop-oauth.mjs), one instance per configuration.
let plain: HttpFixture;
let nonces: HttpFixture;
let challengeOnly: HttpFixture;
let rsRotating: HttpFixture;
let asRotating: HttpFixture;
let shortLived: HttpFixture;
before(async () => {
  [plain, nonces, challengeOnly, rsRotating, asRotating, shortLived] = await Promise.all([
    startHttpFixture('dpop-oauth.mjs'),
    startHttpFixture('dpop-oauth.mjs', ['--as-nonce', '--rs-nonce']),
    startHttpFixture('dpop-oauth.mjs', ['--no-metadata']),
    startHttpFixture('dpop-oauth.mjs', ['--rs-nonce-rotating']),
    startHttpFixture('dpop-oauth.mjs', ['--as-nonce-rotating']),
    startHttpFixture('dpop-oauth.mjs', ['--short-lived']),
  ]);
});
after(() => Promise.all([plain, nonces, challengeOnly, rsRotating, asRotating, shortLived].map((f) => f?.stop())));

/** The browser: follows the authorization URL's redirects to the loopback listener. */
const browser = (opened: string[]) => (url: string) => {
  opened.push(url);
  void fetch(url, { redirect: 'follow' }).then((res) => res.body?.cancel());
};

function client(server: HttpFixture, options: Partial<AuthorizerOptions> & { opened?: string[] } = {}): McpClient {
  const { opened = [], ...rest } = options;
  const authorizer = new OAuthAuthorizer(server.url, { openUrl: browser(opened), ...rest });
  return new McpClient({ url: server.url, headers: {} }, { clientInfo: { name: 't', version: '0' }, requestTimeoutMs: 20_000, probeTimeoutMs: 20_000, http: { authorizer } });
}

interface Stats {
  refreshes: number;
  tokenProofs: number;
  resourceProofs: number;
  refused: string[];
  asNonceChallenges: number;
  asNonceHonoured: number;
  rsNonceChallenges: number;
  rsNonceHonoured: number;
  jtis: number;
}
const stats = async (server: HttpFixture): Promise<Stats> => (await fetch(new URL('/test/stats', server.url))).json() as Promise<Stats>;

const authFacts = (events: readonly TraceEvent[]) => events.filter((e) => e.kind === 'auth' && e.info?.auth).map((e) => ({ seq: e.seq, ...(e.info!.auth as AuthExchangeFact) }));
const mcpPosts = (events: readonly TraceEvent[]) => events.filter((e) => e.kind === 'http' && e.info?.method === 'POST' && e.info?.requestHeaders);

test('auto from the authorization server metadata: a proof at the token endpoint, then Authorization: DPoP with a fresh proof on every request, both masked in the trace', { timeout: 60_000 }, async () => {
  const c = client(plain);
  await c.connect();
  const result = await c.callTool('whoami', {});
  const text = (result.content as { text: string }[])[0]!.text;
  await c.close();
  const events = c.trace.events;
  const key = authFacts(events).find((f) => f.step === 'dpop-key');
  assert.equal(key?.method, 'ES256');
  const thumbprint = key!.url.replace('urn:ietf:params:oauth:jwk-thumbprint:sha-256:', '');
  assert.equal(text, `bound:${thumbprint}`, 'the token is bound to the key the trace names');
  const s = await stats(plain);
  assert.deepEqual(s.refused, [], 'every proof the server checked was valid');
  assert.equal(s.tokenProofs, 1);
  const authorized = mcpPosts(events).filter((e) => (e.info!.requestHeaders as Record<string, string>).Authorization);
  assert.ok(authorized.length >= 3, 'initialize or discover, tools/call and more were sent with the token');
  assert.equal(s.resourceProofs, authorized.length, 'one proof per request the server received with the token');
  assert.equal(s.jtis, s.tokenProofs + s.resourceProofs, 'no proof was sent twice');
  for (const e of authorized) {
    const headers = e.info!.requestHeaders as Record<string, string>;
    assert.equal(headers.Authorization, 'DPoP <redacted>');
    assert.equal(headers.DPoP, '<redacted>');
  }
  const token = authFacts(events).find((f) => f.step === 'token');
  assert.equal(token?.requestHeaders?.dpop, '<redacted>', 'the token request carried a proof, masked');
  assert.doesNotMatch(JSON.stringify(events), /eyJ[\w-]+\.eyJ/, 'no proof JWT anywhere in the trace');
});

test('nonces at the token endpoint and the MCP server are each answered once with the nonce supplied; the flow view draws the DPoP steps', { timeout: 60_000 }, async () => {
  const c = client(nonces);
  await c.connect();
  await c.callTool('whoami', {});
  await c.close();
  const s = await stats(nonces);
  assert.deepEqual([s.asNonceChallenges, s.asNonceHonoured], [1, 1], 'one use_dpop_nonce at the token endpoint, then the nonce');
  assert.equal(s.rsNonceChallenges, 1, 'the MCP server asked once; every later proof carried its nonce');
  assert.ok(s.rsNonceHonoured >= 2);
  const steps = authFacts(c.trace.events).map((f) => `${f.step}${f.status ? ` ${f.status}` : ''}`);
  assert.deepEqual(steps.filter((s) => /^(token|dpop)/.test(s)), ['dpop-key', 'token 400', 'token 200', 'dpop-nonce 401']);
  const lines = flowLines('dpop', nonces.url, lastAuthorizationAttempt(c.trace.events)).join('\n');
  assert.match(lines, /dpop-key .*ES256 urn:ietf:params:oauth:jwk-thumbprint:sha-256:/);
  assert.match(lines, /token .*\n.*HTTP 400 use_dpop_nonce: sent again with the nonce the server supplied/);
  assert.match(lines, /dpop-nonce .*\n.*HTTP 401 use_dpop_nonce: sent again with the nonce the server supplied/);
  assert.match(lines, /Outcome: a token was issued/);
  assert.deepEqual(diagnose(c.trace.events).filter((d) => d.stage === 'authorization'), []);
});

test('a DPoP challenge in the 401 is enough to bind the token when the metadata says nothing', { timeout: 60_000 }, async () => {
  const c = client(challengeOnly);
  await c.connect();
  await c.callTool('whoami', {});
  await c.close();
  const s = await stats(challengeOnly);
  assert.deepEqual(s.refused, []);
  assert.equal(s.tokenProofs, 1);
});

test('dpop never: no key and no proof, and the server that requires DPoP refuses the Bearer token', { timeout: 60_000 }, async () => {
  const c = client(challengeOnly, { dpop: 'never' });
  await assert.rejects(c.connect());
  await c.close();
  assert.equal(authFacts(c.trace.events).filter((f) => f.step === 'dpop-key').length, 0);
  assert.ok((await stats(challengeOnly)).refused.some((r) => /no DPoP proof/.test(r)), 'the token request went without a proof');
});

test('an MCP server nonce that never settles: one retry, then auth-dpop-nonce citing both refusals', { timeout: 60_000 }, async () => {
  const c = client(rsRotating);
  await assert.rejects(c.connect(), /MCP server .* answered use_dpop_nonce again/);
  await c.close();
  assert.equal((await stats(rsRotating)).rsNonceChallenges, 2, 'asked twice: the first answered, the second ends it');
  const found = diagnose(c.trace.events).filter((d) => d.rule === 'auth-dpop-nonce');
  assert.equal(found.length, 1);
  assert.match(found[0]!.message, /MCP server .* answered use_dpop_nonce again/);
  const nonceSteps = authFacts(c.trace.events).filter((f) => f.step === 'dpop-nonce').map((f) => f.seq);
  assert.equal(nonceSteps.length, 2);
  for (const seq of nonceSteps) assert.ok(found[0]!.evidence.includes(seq), `the diagnostic cites the refusal at seq ${seq}`);
});

test('a token endpoint nonce that never settles: one retry, then auth-dpop-nonce citing both token exchanges', { timeout: 60_000 }, async () => {
  const c = client(asRotating);
  await assert.rejects(c.connect(), /token endpoint answered use_dpop_nonce again/);
  await c.close();
  assert.equal((await stats(asRotating)).asNonceChallenges, 2);
  const found = diagnose(c.trace.events).find((d) => d.rule === 'auth-dpop-nonce');
  assert.match(found?.message ?? '', /token endpoint answered use_dpop_nonce again/);
  const tokenSeqs = authFacts(c.trace.events).filter((f) => f.step === 'token').map((f) => f.seq);
  assert.equal(tokenSeqs.length, 2);
  assert.deepEqual(found!.evidence.slice(0, 2), tokenSeqs);
});

test('a DPoP-bound grant is saved with its key and used by the next run without a sign-in; with dpop never it is left alone', { timeout: 60_000 }, async () => {
  const store = new MemoryStore();
  const first = client(plain, { store });
  await first.connect();
  await first.close();
  const saved = (await store.load(plain.url))[0];
  assert.equal(saved?.tokens.tokenType, 'DPoP');
  assert.equal(saved?.dpopKey?.alg, 'ES256');
  assert.equal(typeof saved?.dpopKey?.privateJwk.d, 'string', 'the private key is in the store (only there)');
  assert.doesNotMatch(JSON.stringify(first.trace.events), new RegExp(saved!.dpopKey!.privateJwk.d!), 'and never in the trace');

  const opened: string[] = [];
  const later = client(plain, { store, opened });
  await later.connect();
  const text = ((await later.callTool('whoami', {})).content as { text: string }[])[0]!.text;
  await later.close();
  assert.deepEqual(opened, [], 'no sign-in: the saved token and its key were used');
  const jkt = authFacts(first.trace.events).find((f) => f.step === 'dpop-key')!.url.split(':').at(-1);
  assert.equal(text, `bound:${jkt}`);

  const bearerOnly: string[] = [];
  const never = client(challengeOnly, { store, opened: bearerOnly, dpop: 'never' });
  await assert.rejects(never.connect());
  await never.close();
  assert.equal(bearerOnly.length, 1, 'the saved DPoP grant was not used: a sign-in was asked for');
});

test('a DPoP-bound token about to expire is refreshed with a proof of the same key, and the new token is bound to it too', { timeout: 60_000 }, async () => {
  const c = client(shortLived);
  await c.connect();
  const text = ((await c.callTool('whoami', {})).content as { text: string }[])[0]!.text;
  await c.close();
  const s = await stats(shortLived);
  assert.ok(s.refreshes >= 1, 'a 20 s token is inside the refresh margin: refreshed before the call');
  assert.deepEqual(s.refused, [], 'the refresh carried a proof of the key its refresh token is bound to');
  const refresh = authFacts(c.trace.events).find((f) => f.step === 'refresh');
  assert.equal(refresh?.status, 200);
  assert.equal(refresh?.requestHeaders?.dpop, '<redacted>');
  const jkt = authFacts(c.trace.events).find((f) => f.step === 'dpop-key')!.url.split(':').at(-1);
  assert.equal(text, `bound:${jkt}`);
});

test('which algorithm binds the token: what the servers publish and challenge, and the mode', () => {
  assert.equal(proofAlgorithm('auto', {}), undefined, 'nothing asks: a Bearer token');
  assert.equal(proofAlgorithm('auto', { serverAlgs: ['RS256', 'ES256'] }), 'ES256', 'the preferred one among those offered');
  assert.equal(proofAlgorithm('auto', { serverAlgs: ['PS256'] }), 'PS256');
  assert.equal(proofAlgorithm('auto', { serverAlgs: [] }), undefined, 'an empty list offers nothing');
  assert.equal(proofAlgorithm('auto', { serverAlgs: ['none'] }), undefined, '"none" is never a proof algorithm');
  assert.equal(proofAlgorithm('auto', { boundTokensRequired: true }), 'ES256');
  assert.equal(proofAlgorithm('auto', { wwwAuthenticate: 'DPoP algs="PS256 ES256", resource_metadata="x"' }), 'ES256');
  assert.equal(proofAlgorithm('auto', { wwwAuthenticate: 'Bearer realm="x", DPoP algs="PS256"' }), 'PS256');
  assert.equal(proofAlgorithm('auto', { serverAlgs: ['ES256'], resourceAlgs: ['PS256'] }), undefined, 'no algorithm both take');
  assert.equal(proofAlgorithm('always', {}), 'ES256');
  assert.equal(proofAlgorithm('never', { serverAlgs: ['ES256'], wwwAuthenticate: 'DPoP' }), undefined);
  assert.deepEqual(dpopChallengeOf('Bearer error="invalid_token", DPoP error="use_dpop_nonce", algs="ES256"'), { algs: ['ES256'], error: 'use_dpop_nonce' });
  assert.equal(dpopChallengeOf('Bearer resource_metadata="x"'), undefined);
});
