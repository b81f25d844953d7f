import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startHttpFixture, type HttpFixture } from '../transport/httpHelpers';
import { buildCli, finish, report, runCli, startCli, type CliRun } from './helpers';

// `--auth` against an MCP server that takes only DPoP-bound tokens and checks every proof
// (test/fixtures/servers/http/dpop-oauth.mjs); the test plays the person's browser.
let nonces: HttpFixture;
let rotating: HttpFixture;
before(async () => {
  [nonces, rotating] = await Promise.all([startHttpFixture('dpop-oauth.mjs', ['--as-nonce', '--rs-nonce']), startHttpFixture('dpop-oauth.mjs', ['--rs-nonce-rotating']), buildCli()]);
});
after(() => Promise.all([nonces, rotating].map((f) => f?.stop())));

const SIGN_IN_URL = /^\s+(https?:\/\/\S+)$/m;

/** Runs the CLI; the sign-in address it prints is opened as a browser does. */
async function signingIn(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const child = startCli(args, env);
  let err = '';
  let opened = false;
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString('utf8');
    const address = SIGN_IN_URL.exec(err)?.[1];
    if (address && !opened) {
      opened = true;
      void fetch(address, { redirect: 'follow' }).then((res) => res.body?.cancel());
    }
  });
  return finish(child, undefined, 60_000);
}

const steps = (r: Record<string, any>) => r.events.filter((e: any) => e.info?.auth?.step).map((e: any) => `${e.info.auth.step}${e.info.auth.status ? ` ${e.info.auth.status}` : ''}`);

test('--auth where the servers ask for DPoP: a bound token, a proof on every request, each nonce answered once, nothing of either in the report', { timeout: 90_000 }, async () => {
  const run = await signingIn(['call', 'whoami', '--json', '--auth', '--no-token-cache', '--url', nonces.url]);
  assert.equal(run.code, 0, run.stderr);
  const r = report(run);
  assert.match(r.result.content[0].text, /^bound:[\w-]{43}$/);
  assert.deepEqual(
    steps(r).filter((s: string) => /^(dpop|token)/.test(s)),
    ['dpop-key', 'token 400', 'token 200', 'dpop-nonce 401'],
  );
  const sent = r.events.filter((e: any) => e.kind === 'http' && e.info.requestHeaders?.Authorization);
  assert.ok(sent.length > 0);
  for (const e of sent) assert.deepEqual([e.info.requestHeaders.Authorization, e.info.requestHeaders.DPoP], ['DPoP <redacted>', '<redacted>']);
  assert.doesNotMatch(run.stdout, /eyJ[\w-]+\.eyJ/, 'no proof in the report');
  assert.deepEqual(r.diagnostics.filter((d: any) => d.stage === 'authorization'), []);
});

test('MCP_LENS_DPOP=never: Bearer only, which this server refuses (auth-token); --dpop always wins over it', { timeout: 90_000 }, async () => {
  const never = await signingIn(['call', 'whoami', '--json', '--auth', '--no-token-cache', '--url', nonces.url], { MCP_LENS_DPOP: 'never' });
  assert.equal(never.code, 1);
  assert.ok(!steps(report(never)).includes('dpop-key'));
  assert.ok(report(never).diagnostics.some((d: any) => d.rule === 'auth-token' && /invalid_dpop_proof/.test(d.message)), never.stdout);
  const always = await signingIn(['call', 'whoami', '--json', '--auth', '--no-token-cache', '--dpop', 'always', '--url', nonces.url], { MCP_LENS_DPOP: 'never' });
  assert.equal(always.code, 0, always.stderr);
});

test('a server nonce that never settles: exit 1 with auth-dpop-nonce citing both refusals', { timeout: 90_000 }, async () => {
  const run = await signingIn(['check', '--json', '--auth', '--no-token-cache', '--url', rotating.url]);
  assert.equal(run.code, 1);
  const r = report(run);
  const found = r.diagnostics.find((d: any) => d.rule === 'auth-dpop-nonce');
  assert.equal(found?.stage, 'authorization', run.stdout);
  const refusals = r.events.filter((e: any) => e.info?.auth?.step === 'dpop-nonce').map((e: any) => e.seq);
  assert.equal(refusals.length, 2);
  for (const seq of refusals) assert.ok(found.evidence.includes(seq));
});

test('--dpop takes auto, always or never, goes with --auth, and so does MCP_LENS_DPOP', async () => {
  const bad = await runCli(['check', '--auth', '--dpop', 'sometimes', '--url', 'http://127.0.0.1:9/mcp']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--dpop takes auto, always, never, got "sometimes"/);
  const alone = await runCli(['check', '--dpop', 'always', '--url', 'http://127.0.0.1:9/mcp']);
  assert.equal(alone.code, 2);
  assert.match(alone.stderr, /--dpop goes with --auth/);
  const env = await runCli(['check', '--auth', '--url', 'http://127.0.0.1:9/mcp'], { env: { MCP_LENS_DPOP: 'yes' } });
  assert.equal(env.code, 2);
  assert.match(env.stderr, /MCP_LENS_DPOP takes auto, always, never, got "yes"/);
  const help = await runCli(['check', '--help']);
  assert.match(help.stdout, /--dpop MODE +with --auth: DPoP-bound tokens/);
});
