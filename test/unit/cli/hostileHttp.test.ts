import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { startHttpFixture } from '../transport/httpHelpers';
import { buildCli, report, runCli, type CliRun } from './helpers';

// `mcp-lens check --url` against test/fixtures/servers/http/hostile-http.mjs: an HTTP server
// that misbehaves on purpose, one way per mode. Each run must end with a diagnostic that names
// what the server did, exit 1, and never "No problems found" after the failed connection.

before(() => buildCli());

/** A preload that writes the CLI's peak RSS (KiB) to stderr as it exits (no spaces: it goes in NODE_OPTIONS). */
const MAX_RSS = "data:text/javascript,process.on('exit',()=>process.stderr.write('maxRSS='+process.resourceUsage().maxRSS+';'))";

interface Checked {
  json: Record<string, any>;
  jsonRun: CliRun;
  terminal: CliRun;
}

/** `check --json --url` and `check --url` (the terminal report) against one fixture mode. */
async function check(mode: string, args: string[] = [], env: Record<string, string> = {}): Promise<Checked & { url: string }> {
  const server = await startHttpFixture('hostile-http.mjs', [mode], env);
  try {
    const [jsonRun, terminal] = await Promise.all([runCli(['check', '--json', ...args, '--url', server.url]), runCli(['check', ...args, '--url', server.url])]);
    return { json: report(jsonRun), jsonRun, terminal, url: server.url };
  } finally {
    await server.stop();
  }
}

/** The one diagnostic of `rule`, after asserting the run failed as a user sees it. */
function failedWith(c: Checked, rule: string): Record<string, any> {
  assert.equal(c.jsonRun.code, 1, c.jsonRun.stderr);
  assert.equal(c.terminal.code, 1, c.terminal.stderr);
  assert.doesNotMatch(c.terminal.stdout, /No problems found/);
  assert.match(c.terminal.stdout, new RegExp(`error +${rule} \\[`));
  const found = c.json.diagnostics.filter((d: any) => d.rule === rule);
  assert.ok(found.length > 0, `no ${rule} among ${JSON.stringify(c.json.diagnostics.map((d: any) => d.rule))}`);
  assert.equal(found[0].severity, 'error');
  return found[0];
}

test('a redirect to file:///etc/passwd is not followed: http-redirect names the target and the scheme', async () => {
  const c = await check('redirect-file');
  const d = failedWith(c, 'http-redirect');
  assert.equal(d.stage, 'transport');
  assert.match(d.message, /HTTP 307, a redirect to file:\/\/\/etc\/passwd, not followed: file: is not http or https/);
  assert.ok(!c.jsonRun.stdout.includes('root:'), 'nothing of /etc/passwd was read');
});

test('a redirect to another origin is not followed: the session and credentials stay with the endpoint', async () => {
  const c = await check('redirect-other');
  const d = failedWith(c, 'http-redirect');
  const port = new URL(c.url).port;
  assert.match(d.message, new RegExp(`a redirect to http://localhost:${port}/mcp, not followed: it leaves the endpoint's origin http://127\\.0\\.0\\.1:${port}`));
});

test('a redirect loop ends at the first repeated URL: http-redirect shows the loop', async () => {
  const c = await check('redirect-loop');
  const d = failedWith(c, 'http-redirect');
  const u = c.url;
  assert.ok(d.message.includes(`a redirect loop (${u} → ${u}/a → ${u})`), d.message);
});

test('20,000 response headers: http-headers-oversize names the byte limit the headers went over', async () => {
  const c = await check('many-headers');
  const d = failedWith(c, 'http-headers-oversize');
  assert.equal(d.stage, 'transport');
  assert.match(d.message, /response headers from .* to server\/discover \(id 1\) are over 16384 bytes/);
});

test('a body nested 100,000 arrays deep is not parsed: json-too-deep names the depth, no stack overflow', async () => {
  const c = await check('deep-json');
  const d = failedWith(c, 'json-too-deep');
  assert.equal(d.stage, 'framing');
  assert.match(d.message, /nested 100000 levels deep, over the cap of 1000/);
  assert.doesNotMatch(c.jsonRun.stdout + c.terminal.stdout + c.terminal.stderr, /Maximum call stack/);
});

test('a response whose result is nested 100,000 deep: json-too-deep, and the message is not parsed', async () => {
  const c = await check('deep-result');
  const d = failedWith(c, 'json-too-deep');
  assert.match(d.message, /The answer to server\/discover \(id 1\) is JSON nested 100002 levels deep/);
  assert.doesNotMatch(c.jsonRun.stdout + c.terminal.stdout, /Maximum call stack/);
});

test('an SSE response of comments and never an event: sse-no-event once the request times out', async () => {
  const c = await check('sse-comments', ['--timeout', '1500'], { HOSTILE_COMMENT_MS: '100' });
  const d = failedWith(c, 'sse-no-event');
  assert.equal(d.stage, 'transport');
  assert.match(d.message, /The event stream answering initialize \(id 2\) sent \d+ comment lines \(\d+ bytes\) and no event in \d+ ms, so the request timed out/);
  const comments = Number(/sent (\d+) comment/.exec(d.message)![1]);
  assert.ok(comments > 1, d.message);
});

test('a gzip body that inflates to 4 GiB stops at the 64 MiB cap: http-body-oversize, and memory stays bounded', async () => {
  const server = await startHttpFixture('hostile-http.mjs', ['gzip-bomb']);
  try {
    const [run, terminal] = await Promise.all([runCli(['check', '--json', '--url', server.url], { env: { NODE_OPTIONS: `--import=${MAX_RSS}` } }), runCli(['check', '--url', server.url])]);
    assert.equal(run.code, 1, run.stderr);
    const r = report(run);
    const d = r.diagnostics.find((x: any) => x.rule === 'http-body-oversize');
    assert.ok(d, JSON.stringify(r.diagnostics));
    assert.equal(d.stage, 'framing');
    const m = /went over the 64 MiB body cap: (\d+) bytes read after gzip decoding/.exec(d.message);
    assert.ok(m, d.message);
    assert.ok(Number(m[1]) > 64 * 1024 * 1024 && Number(m[1]) < 4 * 1024 ** 3, d.message);
    const rss = Number(/maxRSS=(\d+)/.exec(run.stderr)?.[1]);
    assert.ok(rss > 0, `no maxRSS in stderr: ${run.stderr}`);
    assert.ok(rss < 1024 * 1024, `peak RSS ${rss} KiB is over 1 GiB`);
    assert.equal(terminal.code, 1);
    assert.doesNotMatch(terminal.stdout, /No problems found/);
    assert.match(terminal.stdout, /error +http-body-oversize \[framing\]/);
  } finally {
    await server.stop();
  }
});

test('a same-origin 307 is followed with the POST and its body: the session is established and the tool listed', async () => {
  // --no-probes: the fixture's library leaves ping unimplemented; the listing is what is checked here.
  const server = await startHttpFixture('moved-307.mjs');
  try {
    const run = await runCli(['check', '--json', '--no-probes', '--url', server.url]);
    const r = report(run);
    assert.deepEqual(r.diagnostics.filter((d: any) => d.severity !== 'info'), []);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(r.tools.map((t: any) => t.name), ['echo']);
  } finally {
    await server.stop();
  }
});
