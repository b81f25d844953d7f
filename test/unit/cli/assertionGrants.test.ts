import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { flowLines, lastAuthorizationAttempt } from '../../../src/core/auth/flowReport';
import type { TraceEvent } from '../../../src/core/trace/event';
import { parseCli } from '../../../src/cli/args';
import { UsageError } from '../../../src/cli/usage';
import { startHttpFixture, type HttpFixture } from '../transport/httpHelpers';
import { buildCli, report, runCli, type CliRun } from './helpers';

// An MCP server whose authorization server takes only JWT grants, with an enterprise IdP and a CI
// token issuer beside it (test/fixtures/servers/http/enterprise-oauth.mjs), one instance per fault.
let good: HttpFixture;
let idpRefuses: HttpFixture;
let idpMalformed: HttpFixture;
let idpNotJag: HttpFixture;
let asRefuses: HttpFixture;
let idpHangs: HttpFixture;
const dir = mkdtempSync(join(tmpdir(), 'lens-xaa-'));

before(async () => {
  [good, idpRefuses, idpMalformed, idpNotJag, asRefuses, idpHangs] = await Promise.all([
    startHttpFixture('enterprise-oauth.mjs'),
    startHttpFixture('enterprise-oauth.mjs', ['--idp-refuses']),
    startHttpFixture('enterprise-oauth.mjs', ['--idp-malformed']),
    startHttpFixture('enterprise-oauth.mjs', ['--idp-not-jag']),
    startHttpFixture('enterprise-oauth.mjs', ['--as-refuses']),
    startHttpFixture('enterprise-oauth.mjs', ['--idp-hangs']),
    buildCli(),
  ]);
});
after(async () => {
  await Promise.all([good, idpRefuses, idpMalformed, idpNotJag, asRefuses, idpHangs].map((f) => f?.stop()));
  rmSync(dir, { recursive: true, force: true });
});

const originOf = (f: HttpFixture) => f.url.replace(/\/mcp$/, '');
const text = async (url: string) => (await fetch(url)).text();
/** What the person's sign-in at the IdP left the client: an ID token issued to its client there. */
const idToken = (f: HttpFixture) => text(`${originOf(f)}/idp/test/id-token?sub=alice`);
/** A CI job's identity token, for the authorization server's issuer unless said otherwise. */
const workloadToken = (f: HttpFixture, query = '') => text(`${originOf(f)}/ci/test/workload-token?${query}`);
const received = async (f: HttpFixture) => (await (await fetch(`${originOf(f)}/test/requests`)).json()) as { endpoint: string; grant_type: string; client_id: string | null; parameters: string[]; audience?: string; resource?: string; requested_token_type?: string; subject_token_type?: string }[];

const CLIENT = ['--client-id', 'lens-enterprise', '--client-secret', 'enterprise-secret-42'];
const enterprise = (f: HttpFixture, file: string) => [...CLIENT, '--idp-issuer', `${originOf(f)}/idp`, '--idp-client-id', 'lens-at-idp', '--id-token-file', file, '--no-token-cache'];

function rules(run: CliRun): string[] {
  return (report(run).diagnostics as { rule: string }[]).map((d) => d.rule);
}

test('enterprise-managed: the ID token exchanged at the IdP for an ID-JAG, the ID-JAG for the token; drawn in the flow, tokens masked', async () => {
  const file = join(dir, 'id_token');
  const token = await idToken(good);
  writeFileSync(file, `${token}\n`);
  // A confidential client at the IdP: its secret from the environment, sent as the IdP's metadata allows.
  const run = await runCli(['call', 'whoami', '--json', '--url', good.url, ...enterprise(good, file)], { env: { MCP_LENS_IDP_CLIENT_SECRET: 'idp-secret-77' } });
  assert.equal(run.code, 0, run.stderr);
  const r = report(run);
  assert.equal(r.result.content[0].text, 'sub:alice via:id-jag');
  assert.ok(!run.stdout.includes('idp-secret-77'), 'the IdP client secret never reaches the report');
  const [exchange, grant, ...more] = await received(good);
  assert.deepEqual(more, [], 'one exchange at the IdP, one grant at the authorization server');
  assert.equal(exchange!.endpoint, 'idp');
  assert.equal(exchange!.grant_type, 'urn:ietf:params:oauth:grant-type:token-exchange');
  assert.equal(exchange!.client_id, 'lens-at-idp');
  assert.ok(exchange!.parameters.includes('client_secret'), 'client_secret_post: the IdP lists no client_secret_basic');
  assert.equal(exchange!.requested_token_type, 'urn:ietf:params:oauth:token-type:id-jag');
  assert.equal(exchange!.subject_token_type, 'urn:ietf:params:oauth:token-type:id_token');
  assert.equal(exchange!.audience, `${originOf(good)}/`, 'the audience is the MCP server\'s authorization server');
  assert.equal(exchange!.resource, good.url);
  assert.deepEqual([grant!.endpoint, grant!.grant_type, grant!.client_id, grant!.resource], ['as', 'urn:ietf:params:oauth:grant-type:jwt-bearer', 'lens-enterprise', good.url]);

  const flow = flowLines('corp', good.url, lastAuthorizationAttempt(r.events as TraceEvent[])).join('\n');
  assert.match(flow, /idp-metadata\s+GET http:\/\/127\.0\.0\.1:\d+\/idp\/\.well-known\/openid-configuration\n\s+→ HTTP 200/);
  assert.match(flow, /token-exchange\s+POST http:\/\/127\.0\.0\.1:\d+\/idp\/token\n\s+grant: token exchange \(RFC 8693\): ID token → ID-JAG\n\s+→ HTTP 200/);
  assert.match(flow, /token\s+POST http:\/\/127\.0\.0\.1:\d+\/token\n\s+grant: JWT bearer \(RFC 7523\): assertion → access token\n\s+→ HTTP 200/);
  assert.match(flow, /Outcome: a token was issued\./);
  assert.ok(!run.stdout.includes(token), 'the ID token never reaches the report');
  assert.ok(!run.stdout.includes('enterprise-secret-42'));
  const body = (r.events as TraceEvent[]).map((e) => (e.info?.auth as { requestBody?: string } | undefined)?.requestBody).find((b) => b?.includes('token-exchange'));
  assert.equal(new URLSearchParams(body).get('subject_token'), '<redacted>');
  assert.equal(new URLSearchParams(body).get('subject_token_type'), 'urn:ietf:params:oauth:token-type:id_token', 'token types are not secrets');
});

test('workload identity: the CI token from an environment variable is the jwt-bearer assertion; no client id is sent without one', async () => {
  const run = await runCli(['call', 'whoami', '--json', '--url', good.url, '--workload-token-env', 'CI_ID_TOKEN', '--no-token-cache'], { env: { CI_ID_TOKEN: await workloadToken(good) } });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(report(run).result.content[0].text, 'sub:repo:acme/app:ref:main via:workload');
  const grant = (await received(good)).at(-1)!;
  assert.deepEqual(grant, { endpoint: 'as', grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', client_id: null, parameters: ['assertion', 'grant_type', 'resource'], resource: good.url });
});

test('refusals end the flow with an authorization diagnostic citing the exchange, asked once, never another grant', async () => {
  const file = join(dir, 'id_token_faults');
  for (const [fixture, rule, said] of [
    [idpRefuses, 'auth-token-exchange', /did not exchange the ID token for an ID-JAG: HTTP 400: invalid_grant/],
    [idpNotJag, 'auth-token-exchange', /issued_token_type "urn:ietf:params:oauth:token-type:access_token", not urn:ietf:params:oauth:token-type:id-jag/],
    [idpMalformed, 'auth-assertion', /The ID-JAG the enterprise IdP issued is not a JWT/],
  ] as const) {
    writeFileSync(file, await idToken(fixture));
    const run = await runCli(['check', '--json', '--no-probes', '--url', fixture.url, ...enterprise(fixture, file)]);
    assert.equal(run.code, 1, rule);
    assert.deepEqual(rules(run), [rule]);
    const d = report(run).diagnostics[0];
    assert.equal(d.stage, 'authorization');
    assert.match(d.message, said);
    const cited = (report(run).events as TraceEvent[]).find((e) => e.seq === d.evidence[0]);
    assert.equal((cited?.info?.auth as { step?: string } | undefined)?.step, 'token-exchange', `${rule} cites the exchange at the IdP`);
    const asked = await received(fixture);
    assert.equal(asked.filter((q) => q.endpoint === 'idp').length, 1, `${rule}: the IdP is asked once`);
    assert.equal(asked.filter((q) => q.endpoint === 'as').length, 0, `${rule}: nothing reaches the authorization server`);
  }

  const expired = await runCli(['check', '--json', '--no-probes', '--url', asRefuses.url, '--workload-token-env', 'CI_ID_TOKEN', '--no-token-cache'], { env: { CI_ID_TOKEN: await workloadToken(asRefuses) } });
  assert.equal(expired.code, 1);
  assert.deepEqual(rules(expired), ['auth-token']);
  assert.match(report(expired).diagnostics[0].message, /did not issue a token for the workload identity token from \$CI_ID_TOKEN \(RFC 7523 jwt-bearer grant\): HTTP 400: invalid_grant/);
  assert.deepEqual((await received(asRefuses)).map((q) => q.grant_type), ['urn:ietf:params:oauth:grant-type:jwt-bearer'], 'one request: no retry, no other grant type');
});

test('an IdP that never answers: the exchange ends at its bound, auth-token-exchange citing it', { timeout: 120_000 }, async () => {
  const file = join(dir, 'id_token_hang');
  writeFileSync(file, await idToken(idpHangs));
  // The default timeout with a grant is the sign-in's (five minutes): the exchange's own bound ends it.
  const run = await runCli(['check', '--json', '--no-probes', '--url', idpHangs.url, ...enterprise(idpHangs, file)], { deadlineMs: 100_000 });
  assert.equal(run.code, 1);
  assert.deepEqual(rules(run), ['auth-token-exchange']);
  const d = report(run).diagnostics[0];
  assert.match(d.message, /did not exchange the ID token for an ID-JAG: no answer within 30 s/);
  const cited = (report(run).events as TraceEvent[]).find((e) => e.seq === d.evidence[0])?.info?.auth as { step?: string; error?: string } | undefined;
  assert.equal(cited?.step, 'token-exchange');
  assert.ok(cited?.error, 'the exchange is recorded as failed');
});

test('an expired workload token: the hint says so; a token that is not a JWT is never sent', async () => {
  const expired = await runCli(['check', '--json', '--no-probes', '--url', good.url, '--workload-token-env', 'CI_ID_TOKEN', '--no-token-cache'], { env: { CI_ID_TOKEN: await workloadToken(good, 'exp=-120') } });
  assert.deepEqual(rules(expired), ['auth-token']);
  assert.match(report(expired).diagnostics[0].hint, /It expired at \d{4}-/);

  const before = (await received(good)).length;
  const file = join(dir, 'not-a-jwt');
  writeFileSync(file, 'ghs_0123456789abcdef\n');
  const run = await runCli(['check', '--json', '--no-probes', '--url', good.url, '--workload-token-file', file, '--no-token-cache']);
  assert.equal(run.code, 1);
  assert.deepEqual(rules(run), ['auth-assertion']);
  assert.match(report(run).diagnostics[0].message, new RegExp(`The workload identity token from ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is not a JWT`));
  assert.equal((await received(good)).length, before, 'nothing was sent');
  assert.ok(!run.stdout.includes('ghs_0123456789abcdef'));
});

test('the flags: every server command takes them with --url; what is missing or contradictory is a usage error', () => {
  const URL = 'http://127.0.0.1:3000/mcp';
  const file = join(dir, 'present');
  writeFileSync(file, 'x');
  for (const command of [['check'], ['call', 't'], ['fuzz', 't'], ['read', 'a://b']]) {
    const args = parseCli([...command, '--url', URL, '--workload-token-file', file]) as { server: { auth?: { assertionGrant?: { workload?: { source: string } } } } };
    assert.equal(args.server.auth?.assertionGrant?.workload?.source, file, command[0]);
  }
  const enterpriseArgs = parseCli(['check', '--url', URL, '--client-id', 'c', '--idp-token-endpoint', 'https://idp.example/token', '--idp-client-id', 'i', '--id-token-file', file]) as { server: { auth?: { assertionGrant?: { enterprise?: { idp: unknown } } } } };
  assert.deepEqual(enterpriseArgs.server.auth?.assertionGrant?.enterprise?.idp, { tokenEndpoint: 'https://idp.example/token', clientId: 'i' });
  const usage = (argv: string[], words: RegExp) => assert.throws(() => parseCli(argv), (e: unknown) => e instanceof UsageError && words.test(e.message), argv.join(' '));
  usage(['check', '--url', URL, '--workload-token-env', 'LENS_TEST_UNSET_VARIABLE'], /the environment variable "LENS_TEST_UNSET_VARIABLE" is not set/);
  usage(['check', '--url', URL, '--workload-token-file', join(dir, 'absent')], /--workload-token-file: no file/);
  usage(['check', '--url', URL, '--workload-token-file', file, '--workload-token-env', 'PATH'], /one of --workload-token-file PATH or --workload-token-env VARIABLE/);
  usage(['check', '--url', URL, '--client-id', 'c', '--idp-client-id', 'i', '--id-token-file', file], /needs the IdP: --idp-issuer URL/);
  usage(['check', '--url', URL, '--idp-issuer', 'https://idp.example', '--idp-client-id', 'i', '--id-token-file', file], /needs --client-id ID/);
  usage(['check', '--url', URL, '--client-id', 'c', '--idp-issuer', 'https://idp.example', '--id-token-file', file], /needs --idp-client-id ID/);
  usage(['check', '--url', URL, '--client-id', 'c', '--idp-issuer', 'idp', '--idp-client-id', 'i', '--id-token-file', file], /--idp-issuer takes the IdP's http\(s\) URL/);
  usage(['check', '--url', URL, '--client-id', 'c', '--idp-issuer', 'https://idp.example', '--idp-client-id', 'i', '--id-token-file', file, '--workload-token-file', file], /give one/);
  usage(['check', '--workload-token-file', file, '--', 'node', 's.js'], /the --idp-\*, --id-token-\* and --workload-token-\* flags go with --url/);
});
