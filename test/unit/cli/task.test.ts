// `mcp-lens call` on a 2025-11-25 task tool: server-everything's simulate-research-query
// (execution.taskSupport "required"), asking for a clarification on the way.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { buildCli, report, ROOT, runCli } from './helpers';

before(buildCli);

const everything = [`${ROOT}node_modules/.bin/mcp-server-everything`, 'stdio'];
const clarify = ['--elicit', 'accept:{"interpretation":"technical"}'];

test('call --task: each status on stderr, the result on stdout, the elicitation answered from --elicit', async () => {
  const run = await runCli(['call', 'simulate-research-query', '--task', '--args', '{"topic":"lenses","ambiguous":true}', ...clarify, '--', ...everything]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /# Research Report: lenses \(technical\)/);
  assert.match(run.stderr, /task \w+: working — Gathering sources\.\.\./);
  assert.match(run.stderr, /task \w+: input_required — Found multiple interpretations/);
  assert.match(run.stderr, /task \w+: completed/);
});

test('a task-required tool runs as a task without --task; --json carries the task next to the result', async () => {
  const run = await runCli(['call', 'simulate-research-query', '--args', '{"topic":"lenses"}', '--json', '--', ...everything]);
  assert.equal(run.code, 0, run.stderr);
  const json = report(run);
  assert.equal(json.task.status, 'completed');
  assert.match(json.result.content[0].text, /Research Report: lenses/);
  assert.deepEqual(Object.keys(json).slice(-5), ['result', 'inputRounds', 'task', 'diagnostics', 'events']);
  const methods = json.events.filter((e: any) => e.dir === 'c2s' && e.kind === 'request').map((e: any) => e.msg.method);
  assert.ok(methods.includes('tasks/get') && methods.includes('tasks/result'), methods.join(', '));
  assert.equal(json.events.find((e: any) => e.msg?.method === 'tools/call').msg.params.task !== undefined, true);
});

const taskServer = [process.execPath, `${ROOT}test/fixtures/servers/corpus/tasks.mjs`, '--stdio'];

test('call --task on a 2026-07-28 server (the tasks extension): statuses on stderr, the question answered through tasks/update, the inlined result on stdout', async () => {
  const run = await runCli(['call', 'confirm_delete', '--task', '--args', '{"filename":"notes.txt"}', '--elicit', 'accept:{"confirm":true}', '--', ...taskServer]);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout.trim(), 'deleted notes.txt');
  assert.match(run.stderr, /task [0-9a-f-]{36}: input_required\n.*elicitation: "Delete notes\.txt\?" → accept/);
  assert.match(run.stderr, /task [0-9a-f-]{36}: completed/);
});

test('call without --task on a 2026-07-28 task server: the extension is not declared, a task-only tool is refused, and the diagnostic says to add --task', async () => {
  const run = await runCli(['call', 'failing_job', '--json', '--', ...taskServer]);
  assert.equal(run.code, 1);
  const json = report(run);
  const finding = json.diagnostics.find((d: any) => d.rule === 'missing-client-capability');
  assert.match(finding.message, /"io\.modelcontextprotocol\/tasks"/);
  assert.match(finding.hint, /--task/);
});

test('call --task on a 2025-11-25 tool that does not run as one: not sent, and the message says what to declare', async () => {
  // server-everything declares tasks.requests.tools.call, but its trigger-long-running-operation has no execution.taskSupport.
  const forbidden = await runCli(['call', 'trigger-long-running-operation', '--task', '--args', '{"duration":0}', '--json', '--', ...everything]);
  assert.equal(forbidden.code, 1);
  const json = report(forbidden);
  assert.match(json.result.failed, /"trigger-long-running-operation" does not declare execution\.taskSupport "optional" or "required" \(absent means "forbidden"\).*add execution: \{ taskSupport: "optional" \}/);
  assert.ok(!json.events.some((e: any) => e.msg?.method === 'tools/call'), 'no tools/call was sent');
  // A server that declares no tasks at all.
  const none = await runCli(['call', 'echo', '--task', '--args', '{"text":"hi"}', '--', process.execPath, `${ROOT}test/fixtures/servers/probes/clean-legacy.mjs`]);
  assert.equal(none.code, 1);
  assert.match(none.stderr, /^echo: not called as a task: the server does not declare tasks\.requests\.tools\.call/m);
  assert.equal(none.stdout, '');
});
