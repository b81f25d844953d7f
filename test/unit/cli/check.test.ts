import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { buildCli, FIXTURES, NODE, report, runCli, ROOT } from './helpers';

before(buildCli);

const cli = (name: string) => `${FIXTURES}cli/${name}.mjs`;
const fault = (name: string) => `${FIXTURES}faults/${name}.mjs`;
const seqOf = (events: any[], pred: (e: any) => boolean) => events.find(pred)?.seq as number;

test('check on a well-behaved SDK v1 server: trace, summary, no problems, exit 0', async () => {
  const run = await runCli(['check', '--', NODE, cli('sdk-v1-weather')]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /→ initialize #\d+ 2025-11-25/);
  assert.match(run.stdout, /← #\d+ ✓ .*2 tools/);
  assert.match(run.stdout, /weather-v1 1\.0\.0 {2}legacy era, protocol 2025-11-25/);
  assert.match(run.stdout, /tools +2 {2}get_forecast, get_alerts/);
  assert.match(run.stdout, /No problems found\./);
});

test('check --json: one object with the documented keys, era and lists', async () => {
  const run = await runCli(['check', '--json', '--', NODE, cli('sdk-v1-weather')]);
  assert.equal(run.code, 0, run.stderr);
  const r = report(run);
  for (const key of ['server', 'era', 'protocolVersion', 'capabilities', 'tools', 'resources', 'prompts', 'diagnostics', 'events']) {
    assert.ok(key in r, `missing ${key}`);
  }
  assert.deepEqual(r.server, { command: NODE, args: [cli('sdk-v1-weather')], serverInfo: { name: 'weather-v1', version: '1.0.0' } });
  assert.equal(r.era, 'legacy');
  assert.deepEqual(r.tools.map((t: any) => t.name), ['get_forecast', 'get_alerts']);
  assert.deepEqual(r.resources.map((x: any) => x.uri), ['weather://stations']);
  assert.deepEqual(r.prompts.map((x: any) => x.name), ['daily-brief']);
  assert.deepEqual(r.diagnostics, []);
  assert.ok(r.events.some((e: any) => e.dir === 'meta' && e.kind === 'exited'));
});

test('check on a 2026-07-28 SDK v2 server: modern era, no handshake', async () => {
  const r = report(await runCli(['check', '--json', '--', NODE, cli('sdk-v2-weather')]));
  assert.equal(r.era, 'modern');
  assert.equal(r.protocolVersion, '2026-07-28');
  assert.deepEqual(r.tools.map((t: any) => t.name), ['get_forecast']);
  assert.ok(!r.events.some((e: any) => e.msg?.method === 'initialize'), 'a modern server gets no initialize');
  assert.deepEqual(r.diagnostics.filter((d: any) => d.severity === 'error'), []);
});

test('check on "ready " glued before the first response: glued-output in framing, tools still listed, exit 1', async () => {
  const run = await runCli(['check', '--json', '--', NODE, fault('glued-ready')]);
  assert.equal(run.code, 1);
  const r = report(run);
  const glued = r.diagnostics.find((d: any) => d.rule === 'glued-output');
  assert.ok(glued, JSON.stringify(r.diagnostics));
  assert.equal(glued.stage, 'framing');
  const gluedEvent = r.events.find((e: any) => e.glued === 'ready ');
  assert.ok(gluedEvent?.msg, 'the glued message is recovered');
  assert.deepEqual(glued.evidence, [gluedEvent.seq]);
  assert.deepEqual(r.tools.map((t: any) => t.name), ['echo']);
  // Lists it does not offer answer -32601 consistently: not reported (check probes on purpose).
  assert.ok(!r.diagnostics.some((d: any) => d.rule === 'undeclared-capability'));
});

test('check on capabilities:{} with resources/read answered -32601: undeclared-capability cites the initialize result', async () => {
  const run = await runCli(['check', '--json', '--', NODE, fault('empty-capabilities-resources-read')]);
  const r = report(run);
  const events = r.events as any[];
  const initRequest = events.find((e) => e.dir === 'c2s' && e.msg?.method === 'initialize');
  const initResult = seqOf(events, (e) => e.dir === 's2c' && e.msg?.id === initRequest.msg.id);
  const readRequest = events.find((e) => e.dir === 'c2s' && e.msg?.method === 'resources/read');
  const readAnswer = seqOf(events, (e) => e.dir === 's2c' && e.msg?.id === readRequest.msg.id);
  const d = r.diagnostics.find((x: any) => x.rule === 'undeclared-capability');
  assert.ok(d, JSON.stringify(r.diagnostics));
  assert.equal(d.stage, 'negotiation');
  assert.deepEqual(d.evidence, [initResult, readAnswer]);
  // Its resource list without the capability is the other half of the story.
  assert.ok(r.diagnostics.some((x: any) => x.rule === 'capability-not-declared' && x.evidence.includes(initResult)));
  assert.equal(run.code, 1);
});

test('check on @modelcontextprotocol/server-everything: all lists, all pages, exit 0', async () => {
  const entry = `${ROOT}node_modules/@modelcontextprotocol/server-everything/dist/index.js`;
  const run = await runCli(['check', '--json', '--', NODE, entry, 'stdio']);
  assert.equal(run.code, 0, JSON.stringify(report(run).diagnostics));
  const r = report(run);
  assert.equal(r.server.serverInfo.name, 'mcp-servers/everything');
  assert.ok(r.tools.some((t: any) => t.name === 'echo'));
  assert.ok(r.resources.length > 0 && r.resourceTemplates.length > 0 && r.prompts.length > 0);
});

test('a server that crashes mid-check still gets a report: crashed, with its stderr, exit 1', async () => {
  const run = await runCli(['check', '--', NODE, cli('crash-on-list')]);
  assert.equal(run.code, 1);
  assert.match(run.stdout, /✗ error {3}crashed \[transport\]/);
  assert.match(run.stdout, /tools\/list \(id \d+\)/);
  assert.match(run.stdout, /stderr TypeError: Cannot read properties of undefined/);
});

test('a command that cannot start gets a report too: spawn-failed, exit 1, valid JSON', async () => {
  const run = await runCli(['check', '--json', '--', 'mcp-lens-no-such-server']);
  assert.equal(run.code, 1);
  const r = report(run);
  assert.equal(r.era, null);
  const d = r.diagnostics.find((x: any) => x.rule === 'spawn-failed');
  assert.equal(d?.stage, 'transport');
  // A command that is not installed stays missing: retrying cannot help.
  assert.equal(d?.retry, false);
});

test('usage errors exit 2 with the usage text on stderr', async () => {
  for (const argv of [['check'], ['call', '--', NODE], ['bogus'], ['lint'], ['check', '--timeout', 'x', '--', NODE]]) {
    const run = await runCli(argv);
    assert.equal(run.code, 2, argv.join(' '));
    assert.match(run.stderr, /^mcp-lens: /);
    assert.match(run.stderr, /Usage:/);
    assert.equal(run.stdout, '');
  }
  const help = await runCli(['--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /mcp-lens check/);
});

test('a legacy server that never answers unknown methods: probe timeout → initialize, silent lists taken as not offered, exit 0', async () => {
  // --no-probes: it ignores ping as well (ping-failed, the probes' business); this is about the era and the lists.
  // --timeout 1500 bounds the probe and the silent lists (by default 10 s of silence, then 3 s each).
  const run = await runCli(['check', '--no-probes', '--timeout', '1500', '--', NODE, `${FIXTURES}legacy-silent-on-unknown.mjs`]);
  assert.equal(run.code, 0, run.stdout);
  assert.match(run.stdout, /→ initialize #\d+/);
  assert.match(run.stdout, /prompts\/list: no answer within 1500 ms; "prompts" is not declared, so taken as not offered/);
  assert.match(run.stdout, /No problems found\./);
});
