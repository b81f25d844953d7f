/**
 * `mcp-lens fuzz` on 2026-07-28 servers built with the official v2 SDK whose tools answer
 * input_required: fuzz answers once with a tampered requestState and once with a response
 * under a key the server never asked, and a tool that completes either is a finding.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { buildCli, FIXTURES, NODE, runCli } from './helpers';

before(buildCli);

interface Report {
  starts: number;
  tools: { tool: string; calls: number; findings: { rule: string; severity: string; message: string; args: unknown }[] }[];
}

test('fuzz finds a tool that acts on a tampered requestState (error) and one that completes without the answer it asked for (warning)', async () => {
  const run = await runCli(['fuzz', '--seed', '5', '--runs', '20', '--json', '--', NODE, `${FIXTURES}fuzz/mrtr-faults.mjs`], { deadlineMs: 120_000 });
  assert.equal(run.code, 1, run.stderr);
  const report = JSON.parse(run.stdout) as Report;
  const found = Object.fromEntries(report.tools.map((t) => [t.tool, t.findings.map((f) => [f.rule, f.severity])]));
  assert.deepEqual(found, { transfer: [['input-retry-accepted', 'error']], confirm: [['input-retry-accepted', 'warning']], greet: [] });
  const [transfer, confirm] = report.tools.map((t) => t.findings[0]);
  assert.match(transfer!.message, /tools\/call "transfer" completed with a requestState the client had altered .*"MUST reject state that fails integrity verification" \(SEP-2322\)/);
  assert.match(confirm!.message, /tools\/call "confirm" completed although inputResponses held no answer to what it asked/);
  assert.equal(report.starts, 1, 'an input_required answer is an answer: no restart');
  assert.ok(report.tools.every((t) => t.calls === 20));
});

test('a server that signs its requestState and asks again for a missing answer passes with 0 findings', async () => {
  const run = await runCli(['fuzz', '--seed', '5', '--runs', '20', '--', NODE, `${FIXTURES}fuzz/mrtr-signed.mjs`], { deadlineMs: 120_000 });
  assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout, /✓ transfer 20 calls/);
  assert.match(run.stdout, /0 findings in 20 calls/);
});
