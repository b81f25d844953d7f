// `mcp-lens fuzz` on tools that hang: the learned deadline, the hang shrunk, a stuck server started again.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { buildCli, FIXTURES, NODE, runCli } from './helpers';
import { running } from './fuzzShared';

before(buildCli);

test('a tool that hangs on text over 200 characters: each kind of input waits the full timeout at most once, the hang is shrunk to 201 characters, a stuck server is started again', async () => {
  interface HangReport {
    starts: number;
    tools: { calls: number; hangs?: { classes: string[]; fullTimeouts: number; deadlineMs: number; setAside: number }; findings: { rule: string; end: string; message: string; args: { text: string } }[] }[];
  }
  const marker = `--hangs-marker-${process.pid}`;
  const fuzz = async (tool: string) => {
    const run = await runCli(['fuzz', tool, '--seed', '4', '--runs', '200', '--timeout', '2000', '--json', '--', NODE, `${FIXTURES}fuzz/hangs.mjs`, marker], { deadlineMs: 240_000 });
    assert.equal(run.code, 1, run.stderr);
    return JSON.parse(run.stdout) as HangReport;
  };
  for (const tool of ['save_note', 'tokenize']) {
    const report = await fuzz(tool);
    const [r] = report.tools;
    assert.deepEqual(r!.findings.map((f) => [f.rule, f.end, f.args.text.length]), [['timeout', 'hung', 201]], tool);
    assert.match(r!.findings[0]!.message, /got no response within \d+ ms/);
    const hangs = r!.hangs!;
    assert.ok(hangs.classes.includes('text: longer than maxLength 5000'), hangs.classes.join('; '));
    assert.ok(hangs.fullTimeouts >= 1 && hangs.fullTimeouts <= hangs.classes.length, `${tool}: ${hangs.fullTimeouts} full timeouts for ${hangs.classes.length} kinds of input`);
    assert.ok(hangs.deadlineMs < 2000);
    assert.equal(r!.calls + hangs.setAside, 200, 'every run either called or set aside');
    // save_note awaits forever but its server still answers: it keeps its session. tokenize blocks its server: restarted.
    if (tool === 'save_note') assert.equal(report.starts, 1);
    else assert.ok(report.starts > 1, `tokenize's stuck server was started again (${report.starts} starts)`);
    assert.deepEqual(running(marker), [], 'no server process left running');
  }
  const text = await runCli(['fuzz', 'save_note', '--seed', '4', '--runs', '50', '--timeout', '2000', '--', NODE, `${FIXTURES}fuzz/hangs.mjs`], { deadlineMs: 120_000 });
  assert.match(text.stdout, /kinds? of input hung \(.*\): \d calls? waited the full timeout; the rest of those inputs waited a deadline learned from the server's answers \(\d+ ms at the end\)/);
  assert.match(text.stdout, /\(201 characters\)/);
});

test('a tool that reports progress forever and never answers is hung at the call\'s deadline: progress does not stretch it', async () => {
  const run = await runCli(['fuzz', 'summarize', '--seed', '4', '--runs', '40', '--timeout', '1000', '--json', '--', NODE, `${FIXTURES}fuzz/hangs.mjs`], { deadlineMs: 180_000 });
  assert.equal(run.code, 1, run.stderr);
  const [r] = (JSON.parse(run.stdout) as { tools: { findings: { rule: string; end: string; message: string; args: { text: string } }[] }[] }).tools;
  assert.deepEqual(r!.findings.map((f) => [f.rule, f.end, f.args.text.length]), [['timeout', 'hung', 201]]);
  const waited = Number(/got no response within (\d+) ms/.exec(r!.findings[0]!.message)?.[1]);
  assert.ok(waited <= 1000, `the call waited ${waited} ms, within --timeout 1000 (the session's progress-reset maximum is minutes)`);
});
