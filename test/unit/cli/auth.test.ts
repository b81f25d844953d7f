import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startHttpFixture, type HttpFixture } from '../transport/httpHelpers';
import { buildCli, finish, report, runCli, startCli, type CliRun } from './helpers';

// An MCP server behind the official SDK's authorization server (test/fixtures/servers/http/sdk-oauth.mjs)
// on 127.0.0.1, one instance per configuration; the tests play the person's browser.
let good: HttpFixture;
let preRegistered: HttpFixture;
let otherResource: HttpFixture;
let otherIssuer: HttpFixture;
let noS256: HttpFixture;
let noHint: HttpFixture;
let shortLived: HttpFixture;

before(async () => {
  [good, preRegistered, otherResource, otherIssuer, noS256, noHint, shortLived] = await Promise.all([
    startHttpFixture('sdk-oauth.mjs'),
    startHttpFixture('sdk-oauth.mjs', ['--no-registration']),
    startHttpFixture('sdk-oauth.mjs', ['--resource', 'https://elsewhere.example/mcp']),
    startHttpFixture('sdk-oauth.mjs', ['--issuer', 'https://attacker.example']),
    startHttpFixture('sdk-oauth.mjs', ['--no-s256']),
    startHttpFixture('sdk-oauth.mjs', ['--no-hint']),
    startHttpFixture('sdk-oauth.mjs', ['--short-lived']),
    buildCli(),
  ]);
});
after(() => Promise.all([good, preRegistered, otherResource, otherIssuer, noS256, noHint, shortLived].map((f) => f?.stop())));

/** The line `--auth` prints for the person to open. */
const SIGN_IN_URL = /^\s+(https?:\/\/\S+)$/m;

/** Runs the CLI; when it prints the sign-in address, opens it as a browser does (GET, following redirects). */
async function signingIn(args: string[], env: Record<string, string> = {}): Promise<CliRun & { opened: string[] }> {
  const child = startCli(args, env);
  const opened: string[] = [];
  let err = '';
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString('utf8');
    const address = SIGN_IN_URL.exec(err.split('\n').slice(opened.length ? -2 : 0).join('\n'))?.[1];
    if (address && !opened.includes(address)) {
      opened.push(address);
      void fetch(address, { redirect: 'follow' }).then((res) => res.body?.cancel());
    }
  });
  return { ...(await finish(child, undefined, 60_000)), opened };
}

function rules(run: CliRun): string[] {
  return (report(run).diagnostics as { rule: string }[]).map((d) => d.rule);
}

test('--auth: discovery, dynamic registration, PKCE sign-in on the loopback listener, then the tool call with the token', async () => {
  const run = await signingIn(['call', 'whoami', '--json', '--auth', '--url', good.url]);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.opened.length, 1);
  const asked = new URL(run.opened[0]!);
  assert.equal(asked.searchParams.get('code_challenge_method'), 'S256');
  assert.equal(asked.searchParams.get('resource'), good.url, 'RFC 8707: the resource exactly as the metadata publishes it');
  assert.equal(asked.searchParams.get('scope'), 'mcp:tools', 'no scope in the challenge: scopes_supported of the resource metadata');
  assert.match(asked.searchParams.get('redirect_uri')!, /^http:\/\/127\.0\.0\.1:\d+\/callback$/);
  const r = report(run);
  // The one finding is the SDK's 405 on the optional GET stream, an observation.
  assert.deepEqual(r.diagnostics.filter((d: any) => d.severity !== 'info'), []);
  assert.match(r.result.content[0].text, new RegExp(`resource:${good.url}$`));
  const steps = r.events.filter((e: any) => e.kind === 'auth').map((e: any) => e.info.auth.step);
  assert.deepEqual(steps, ['resource-metadata', 'server-metadata', 'registration', 'authorization', 'callback', 'token']);
  // Tokens, codes and secrets are masked in every event of the report.
  const token = r.events.find((e: any) => e.info?.auth?.step === 'token');
  assert.equal(JSON.parse(token.info.auth.body).access_token, '<redacted>');
  assert.ok(r.events.filter((e: any) => e.kind === 'http').every((e: any) => [undefined, 'Bearer <redacted>'].includes(e.info.requestHeaders?.Authorization)));
  const callback = r.events.find((e: any) => e.info?.auth?.step === 'callback');
  assert.equal(new URL(callback.info.auth.url).searchParams.get('code'), '<redacted>');
});

test('a challenge without resource_metadata: the path-based well-known URL of the resource metadata', async () => {
  const run = await signingIn(['check', '--json', '--auth', '--url', noHint.url]);
  assert.equal(run.code, 0, run.stderr);
  const first = report(run).events.find((e: any) => e.kind === 'auth');
  assert.equal(first.info.auth.url, new URL('/.well-known/oauth-protected-resource/mcp', noHint.url).href);
  assert.equal(first.info.auth.status, 200);
});

test('a token that expires within the refresh margin is refreshed before the next request, with the same resource', async () => {
  const run = await signingIn(['call', 'whoami', '--json', '--auth', '--url', shortLived.url]);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.opened.length, 1, 'one sign-in; the refresh needs no person');
  const r = report(run);
  const refresh = r.events.filter((e: any) => e.info?.auth?.step === 'refresh');
  assert.ok(refresh.length >= 1);
  const body = new URLSearchParams(refresh[0].info.auth.requestBody);
  assert.equal(body.get('grant_type'), 'refresh_token');
  assert.equal(body.get('refresh_token'), '<redacted>');
  assert.equal(body.get('resource'), shortLived.url);
  assert.equal(refresh[0].info.auth.status, 200);
  assert.match(r.result.content[0].text, /^client:/);
});

test('--client-id/--client-secret: a pre-registered client, client_secret_post as the server lists, the secret never in the report', async () => {
  const run = await signingIn(['call', 'whoami', '--json', '--client-id', 'lens-pre', '--client-secret', 'pre-secret-42', '--url', preRegistered.url]);
  assert.equal(run.code, 0, run.stderr);
  const r = report(run);
  assert.match(r.result.content[0].text, /^client:lens-pre /);
  assert.ok(!r.events.some((e: any) => e.info?.auth?.step === 'registration'));
  assert.ok(!run.stdout.includes('pre-secret-42'));
  const token = r.events.find((e: any) => e.info?.auth?.step === 'token');
  // The SDK's authorization server lists client_secret_post (and none), not client_secret_basic.
  assert.equal(new URLSearchParams(token.info.auth.requestBody).get('client_secret'), '<redacted>');
  assert.equal(token.info.auth.requestHeaders.authorization, undefined);
});

test('without a client id, a server with no registration endpoint is auth-registration', async () => {
  const run = await signingIn(['check', '--json', '--auth', '--url', preRegistered.url]);
  assert.equal(run.code, 1);
  assert.ok(rules(run).includes('auth-registration'), run.stdout);
  assert.equal(run.opened.length, 0);
});

test('refusals: resource metadata for another resource, metadata of another issuer, no S256; no sign-in, exit 1', async () => {
  for (const [fixture, rule] of [
    [otherResource, 'auth-resource-mismatch'],
    [otherIssuer, 'auth-issuer-mismatch'],
    [noS256, 'auth-pkce-unsupported'],
  ] as const) {
    const run = await signingIn(['check', '--json', '--auth', '--url', fixture.url]);
    assert.equal(run.code, 1, rule);
    assert.equal(run.opened.length, 0, `${rule}: the client never asks the person to sign in`);
    assert.deepEqual(rules(run), [rule]);
    const d = report(run).diagnostics[0];
    assert.equal(d.stage, 'authorization');
    assert.ok(d.evidence.length >= 2, 'cites the exchange that proves it and the refusal');
    assert.ok(!/\n\s+at /.test(run.stderr), 'never a stack trace');
  }
});

test('without --auth a 401 stays the http-status hint; client flags need --url', async () => {
  const run = await runCli(['check', '--json', '--url', good.url]);
  assert.equal(run.code, 1);
  assert.deepEqual(rules(run), ['http-status']);
  const usage = await runCli(['check', '--client-id', 'x', '--', 'node', '-e', '0']);
  assert.equal(usage.code, 2);
  const secretAlone = await runCli(['check', '--client-secret', 'abcd', '--url', good.url]);
  assert.equal(secretAlone.code, 2);
});

test('the token cache: a second run reuses the sign-in, --no-token-cache neither reads nor writes it, logout forgets it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-token-cache-'));
  const env = { MCP_LENS_CACHE_DIR: dir };
  const file = join(dir, 'tokens.json');
  try {
    const first = await signingIn(['call', 'whoami', '--json', '--auth', '--url', good.url], env);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.opened.length, 1);
    assert.equal(statSync(file).mode & 0o777, 0o600, 'only the owner reads the cache');
    const cached = JSON.parse(readFileSync(file, 'utf8')) as { servers: Record<string, Record<string, { tokens: { accessToken: string } }>> };
    const issuers = Object.keys(cached.servers[good.url] ?? {});
    assert.deepEqual(issuers, [new URL(good.url).origin + '/'], 'keyed by server URL, then issuer');
    const token = cached.servers[good.url]![issuers[0]!]!.tokens.accessToken;
    assert.ok(!first.stdout.includes(token) && !first.stderr.includes(token), 'the token is in the cache only');

    const second = await signingIn(['call', 'whoami', '--json', '--auth', '--url', good.url], env);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(second.opened.length, 0, 'no sign-in: the cached token is sent');
    assert.ok(!report(second).events.some((e: any) => e.kind === 'auth'));
    assert.ok(!second.stdout.includes(token));

    const uncached = await signingIn(['call', 'whoami', '--json', '--auth', '--no-token-cache', '--url', good.url], env);
    assert.equal(uncached.code, 0, uncached.stderr);
    assert.equal(uncached.opened.length, 1, '--no-token-cache: the cache is not read');
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).servers[good.url][issuers[0]!].tokens.accessToken, token, '--no-token-cache: nor written');

    const logout = await runCli(['logout', good.url], { env });
    assert.equal(logout.code, 0);
    assert.match(logout.stderr, /forgot 1 cached sign-in/);
    assert.match(logout.stderr, new RegExp(`revoked at ${issuers[0]!.replace(/[.]/g, '\\.')}`), 'RFC 7009: the server offers revocation');
    const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } } });
    const afterLogout = await fetch(good.url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: initialize });
    await afterLogout.body?.cancel();
    assert.equal(afterLogout.status, 401, 'the cached token was revoked at the authorization server, not only forgotten');
    const third = await signingIn(['check', '--json', '--auth', '--url', good.url], env);
    assert.equal(third.code, 0, third.stderr);
    assert.equal(third.opened.length, 1, 'signed in again after logout');
    const usage = await runCli(['check', '--no-token-cache', '--', 'node', '-e', '0']);
    assert.equal(usage.code, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
