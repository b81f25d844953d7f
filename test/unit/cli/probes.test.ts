import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { buildCli, FIXTURES, NODE, report, runCli } from './helpers';

before(buildCli);

const probeFixture = (name: string) => `${FIXTURES}probes/${name}.mjs`;
const check = async (name: string, flags: string[] = []) => {
  const run = await runCli(['check', '--json', ...flags, '--', NODE, probeFixture(name)]);
  return { run, r: report(run) };
};
const serious = (r: any) => r.diagnostics.filter((d: any) => d.severity !== 'info');
const status = (r: any, id: string) => r.probes.find((p: any) => p.id === id);

test('the clean legacy control: every legacy probe runs, the 2026-07-28 ones are skipped with their reason, no warning or error, exit 0', async () => {
  const { run, r } = await check('clean-legacy');
  assert.equal(run.code, 0, JSON.stringify(r.diagnostics));
  assert.deepEqual(serious(r), []);
  for (const id of ['ping', 'logging', 'completion', 'resources-read', 'unknown-resource', 'prompts-get', 'subscribe']) assert.deepEqual(status(r, id), { id, status: 'ran' });
  assert.deepEqual(status(r, 'result-type'), { id: 'result-type', status: 'skipped', reason: '2025-11-25 results have no resultType (2026-07-28 and later)' });
  assert.deepEqual(status(r, 'legacy-era'), { id: 'legacy-era', status: 'skipped', reason: 'the server speaks the legacy era already' });
  assert.deepEqual(status(r, 'tasks'), { id: 'tasks', status: 'skipped', reason: 'the server does not declare the tasks capability' });
  // The probes really asked: every level, a completion, the unknown URI, the subscription.
  const asked = r.events.filter((e: any) => e.dir === 'c2s' && e.msg?.method).map((e: any) => e.msg.method);
  assert.equal(asked.filter((m: string) => m === 'logging/setLevel').length, 9, 'eight levels, then the level restored');
  for (const m of ['ping', 'completion/complete', 'prompts/get', 'resources/subscribe', 'resources/unsubscribe']) assert.ok(asked.includes(m), m);
  assert.ok(!asked.includes('tools/call'), 'check never calls a tool');
});

test('the clean 2026-07-28 control (both eras alike): the legacy-only probes are skipped, legacy-era runs, no warning or error', async () => {
  const { run, r } = await check('clean-modern');
  assert.equal(run.code, 0, JSON.stringify(r.diagnostics));
  assert.deepEqual(serious(r), []);
  assert.ok(!r.diagnostics.some((d: any) => d.rule === 'era-difference'), 'the same surface in both eras');
  assert.deepEqual(status(r, 'ping'), { id: 'ping', status: 'skipped', reason: 'ping does not exist in 2026-07-28' });
  assert.deepEqual(status(r, 'completion'), { id: 'completion', status: 'skipped', reason: 'the server does not declare completions' });
  for (const id of ['resources-read', 'unknown-resource', 'prompts-get', 'result-type', 'caching', 'input-required-placement', 'legacy-era']) assert.deepEqual(status(r, id), { id, status: 'ran' });
  assert.ok(r.events.some((e: any) => e.dir === 'meta' && e.info?.legacyEra?.protocolVersion === '2025-11-25'), 'the legacy side was connected and reported');
});

// One fault per fixture: the rule that names it, exit 1 (0 for an info finding), and the evidence cites the probe's exchange.
const FAULTS: [fixture: string, rule: string, severity: string, method: string][] = [
  ['ping-error', 'ping-failed', 'error', 'ping'],
  ['logging-refused', 'logging-level-refused', 'error', 'logging/setLevel'],
  ['completion-too-many', 'completion-invalid', 'error', 'completion/complete'],
  ['resource-read-fails', 'resource-read-failed', 'error', 'resources/read'],
  ['unknown-resource-empty', 'unknown-resource-answered', 'error', 'resources/read'],
  ['prompt-get-fails', 'prompt-get-failed', 'error', 'prompts/get'],
  ['subscribe-unimplemented', 'subscribe-refused', 'error', 'resources/subscribe'],
  ['result-type-missing', 'result-type-missing', 'error', 'tools/list'],
  ['caching-hint-invalid', 'caching-hint-invalid', 'error', 'resources/list'],
  ['input-required-on-list', 'input-required-misplaced', 'error', 'prompts/list'],
  ['era-difference', 'era-difference', 'info', 'server/discover'],
  ['tasks-unknown-answered', 'task-request-mishandled', 'error', 'tasks/get'],
];

for (const [fixture, rule, severity, method] of FAULTS) {
  test(`check finds ${rule} on ${fixture}`, async () => {
    const { run, r } = await check(fixture);
    const found = r.diagnostics.filter((d: any) => d.rule === rule);
    assert.equal(found.length, 1, JSON.stringify(r.diagnostics));
    assert.equal(found[0].severity, severity);
    assert.equal(run.code, severity === 'error' ? 1 : 0);
    const cited = found[0].evidence.map((seq: number) => r.events.find((e: any) => e.seq === seq));
    assert.ok(cited.some((e: any) => e?.dir === 'c2s' && e.msg?.method === method), `evidence cites the ${method} request: ${JSON.stringify(found[0].evidence)}`);
    // The fault is the only warning or error besides the schema's view of the same message.
    assert.deepEqual(serious(r).filter((d: any) => d.rule !== rule && d.rule !== 'schema-violation').map((d: any) => d.rule), []);
  });
}

test('unknown-resource-answered names the URI asked and the code expected', async () => {
  const { r } = await check('unknown-resource-empty');
  const d = r.diagnostics.find((x: any) => x.rule === 'unknown-resource-answered');
  assert.match(d.message, /mcp-lens-probe:\/\/\S+ was answered with empty contents instead of error -32002/);
});

test('2025-11-25 tasks: a taskId never minted must be -32602 on tasks/get, tasks/result and tasks/cancel, a cursor never handed out on tasks/list', async () => {
  const { r } = await check('tasks-unknown-answered');
  assert.deepEqual(status(r, 'tasks'), { id: 'tasks', status: 'ran' });
  const asked = r.events.filter((e: any) => e.dir === 'c2s' && e.msg?.method?.startsWith('tasks/')).map((e: any) => [e.msg.method, e.msg.params]);
  assert.deepEqual(asked, [
    ['tasks/get', { taskId: 'mcp-lens-probe-nonexistent-task' }],
    ['tasks/result', { taskId: 'mcp-lens-probe-nonexistent-task' }],
    ['tasks/cancel', { taskId: 'mcp-lens-probe-nonexistent-task' }],
    ['tasks/list', { cursor: 'mcp-lens-probe-unknown-cursor' }],
  ]);
  const [d] = r.diagnostics.filter((x: any) => x.rule === 'task-request-mishandled');
  assert.equal(d.message, 'tasks/get for the unknown taskId "mcp-lens-probe-nonexistent-task" was answered with a result; the 2025-11-25 tasks spec asks for -32602');
});

test('a probe that kills the server: probe-failed, the server is restarted and the probes after it still run', async () => {
  const { run, r } = await check('crash-on-ping');
  assert.equal(run.code, 1);
  assert.deepEqual(status(r, 'ping'), { id: 'ping', status: 'failed', reason: 'the server exited during the probe' });
  assert.ok(r.diagnostics.some((d: any) => d.rule === 'probe-failed' && d.severity === 'error'), JSON.stringify(r.diagnostics));
  for (const id of ['logging', 'completion', 'resources-read', 'prompts-get', 'subscribe']) assert.deepEqual(status(r, id), { id, status: 'ran' });
  assert.equal(r.events.filter((e: any) => e.dir === 'meta' && e.kind === 'spawned').length, 2, 'started once more');
  const ids = r.events.filter((e: any) => e.dir === 'c2s' && e.msg?.id !== undefined).map((e: any) => e.msg.id);
  assert.equal(new Set(ids).size, ids.length, 'the restarted client continues the ids: one request per id in the trace');
});

test('a probe that hangs is bounded by --timeout: probe-failed, the rest go on', async () => {
  const { r } = await check('hangs-on-prompt-get', ['--timeout', '1500']);
  assert.equal(status(r, 'prompts-get').status, 'failed');
  assert.match(status(r, 'prompts-get').reason, /^prompts\/get got no response within \d+ ms$/);
  assert.ok(r.diagnostics.some((d: any) => d.rule === 'probe-failed'), JSON.stringify(r.diagnostics));
  assert.ok(!r.diagnostics.some((d: any) => d.rule === 'timeout'), "the hang is the probe's finding, not a second one");
  assert.deepEqual(status(r, 'subscribe'), { id: 'subscribe', status: 'ran' });
});

test('a probe that floods is stopped at the message budget: probe-failed, the rest go on', async () => {
  const { r } = await check('floods-on-set-level');
  assert.deepEqual(status(r, 'logging'), { id: 'logging', status: 'failed', reason: 'the server sent 5000 messages during the probe (a flood)' });
  assert.ok(r.diagnostics.some((d: any) => d.rule === 'probe-failed' && /a flood/.test(d.message)), JSON.stringify(r.diagnostics));
  for (const id of ['completion', 'resources-read', 'prompts-get', 'subscribe']) assert.deepEqual(status(r, id), { id, status: 'ran' });
});

test('a ping never answered is ping-failed (the receiver "MUST respond promptly")', async () => {
  const { run, r } = await check('hangs-on-ping', ['--timeout', '2000']);
  assert.equal(run.code, 1);
  const d = r.diagnostics.find((x: any) => x.rule === 'ping-failed');
  assert.match(d?.message ?? '', /^ping got no answer within 1000 ms$/, JSON.stringify(r.diagnostics));
  assert.deepEqual(status(r, 'logging'), { id: 'logging', status: 'ran' });
});

test('--no-probes lists only: no probe request, an empty probes list', async () => {
  const { run, r } = await check('ping-error', ['--no-probes']);
  assert.equal(run.code, 0, JSON.stringify(r.diagnostics));
  assert.deepEqual(r.probes, []);
  assert.ok(!r.events.some((e: any) => e.dir === 'c2s' && ['ping', 'logging/setLevel', 'prompts/get'].includes(e.msg?.method)));
});

test('--probes ping runs ping alone', async () => {
  const { run, r } = await check('ping-error', ['--probes', 'ping']);
  assert.equal(run.code, 1);
  assert.deepEqual(r.probes, [{ id: 'ping', status: 'ran' }]);
  assert.deepEqual(r.diagnostics.map((d: any) => d.rule), ['ping-failed']);
  assert.ok(!r.events.some((e: any) => e.dir === 'c2s' && e.msg?.method === 'logging/setLevel'));
});

test('--probes with an unknown id is a usage error naming the probes', async () => {
  const run = await runCli(['check', '--probes', 'ping,pong', '--', NODE, probeFixture('clean-legacy')]);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /unknown probe "pong"; the probes are ping, logging/);
});

test('the terminal lists the probes that ran and each one skipped with its reason', async () => {
  const run = await runCli(['check', '--', NODE, probeFixture('clean-modern')]);
  assert.equal(run.code, 0, run.stdout);
  assert.match(run.stdout, /probes {8}ran resources-read, unknown-resource, prompts-get, result-type, caching, input-required-placement, legacy-era/);
  assert.match(run.stdout, /skipped ping: ping does not exist in 2026-07-28/);
  assert.match(run.stdout, /skipped subscribe: the server does not declare resources\.subscribe/);
  assert.match(run.stdout, /No problems found\./);
});

test('a server that cannot be started: never "No problems found"', async () => {
  const run = await runCli(['check', '--', `${FIXTURES}does-not-exist-anywhere`]);
  assert.equal(run.code, 1);
  assert.doesNotMatch(run.stdout, /No problems found/);
});

test('read of an unknown URI answered with empty contents: unknown-resource-answered, exit 1', async () => {
  const run = await runCli(['read', 'notes-archive://2019', '--', NODE, probeFixture('unknown-resource-empty')]);
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stderr, /unknown-resource-answered/);
  assert.match(run.stderr, /resources\/read of notes-archive:\/\/2019, which no listed resource or template names, was answered with empty contents instead of error -32002/);
  const listed = await runCli(['read', 'notes://today', '--', NODE, probeFixture('unknown-resource-empty')]);
  assert.equal(listed.code, 0, listed.stderr);
  assert.equal(listed.stdout.trim(), 'buy milk');
});

test('watch on a server that declares subscribe but answers -32601: subscribe-refused, exit 1', async () => {
  const run = await runCli(['watch', '--resource', 'notes://today', '--', NODE, probeFixture('subscribe-unimplemented')]);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /subscribe-refused/);
  assert.match(run.stderr, /declares resources\.subscribe but answered resources\/subscribe of "notes:\/\/today" with error -32601/);
});
