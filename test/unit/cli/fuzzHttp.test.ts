// `mcp-lens fuzz` over Streamable HTTP (fuzz.test.ts has the same tests over stdio): a crash
// ends the session (its stream closes without the answer) and the run goes on in a new session.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { buildCli, FIXTURES, runCli } from './helpers';
import { HTTP } from '../transport/transports';
import { CORRECT, type Report, transportTests } from './fuzzShared';

before(buildCli);

transportTests(HTTP);

test('fuzz over streamable-http says the server\'s memory is not sampled and judges no memory-growth; --header and --token reach the server', async () => {
  const server = await HTTP.server(`${FIXTURES}fuzz/leaks.mjs`, { require: ['Authorization: Bearer fuzz-tok', 'X-Team: blue'] });
  const json = await runCli(['fuzz', '--seed', '3', '--runs', '40', '--json', '--token', 'fuzz-tok', '--header', 'X-Team: blue', ...server], { deadlineMs: 120_000 });
  assert.equal(json.code, 0, json.stderr);
  const r = JSON.parse(json.stdout) as Report & { run: unknown[]; limits: string[] };
  assert.deepEqual(r.run, []);
  assert.deepEqual(r.limits, ["the server's memory is not sampled for a remote server (--url): memory-growth is not judged"]);
  const text = await runCli(['fuzz', '--seed', '3', '--runs', '5', '--token', 'fuzz-tok', '--header', 'X-Team: blue', ...server]);
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stderr, /note: the server's memory is not sampled for a remote server/);
  const noHeader = await runCli(['fuzz', '--runs', '5', '--token', 'fuzz-tok', ...server]);
  assert.equal(noHeader.code, 1);
  assert.match(noHeader.stderr, /could not connect to the server: .*missing or wrong x-team header/);
});

test('fuzz --save with --url needs a test file that exists (it names the server): exit 2 before any call', async () => {
  const server = await HTTP.server(CORRECT);
  const missing = join(mkdtempSync(join(tmpdir(), 'mcp-lens-fuzz-save-')), 'new.mcptest.json');
  const run = await runCli(['fuzz', '--runs', '5', '--save', missing, ...server]);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /--save with --url adds tests to an existing test file; .*new\.mcptest\.json does not exist/);
});

test('fuzz over streamable-http: a remote server that goes down between two calls stops the run (exit 1) and says so', async () => {
  const server = await HTTP.server(CORRECT, { downAfterCalls: 5 });
  const run = await runCli(['fuzz', 'divide', '--runs', '20', '--timeout', '1000', '--json', ...server]);
  assert.equal(run.code, 1, run.stderr);
  const [tool] = (JSON.parse(run.stdout) as Report & { tools: { stopped?: string }[] }).tools;
  // The sixth call cannot be sent (nothing listens): the run reconnects once, cannot, and says so.
  assert.equal(tool!.calls, 6);
  assert.match(tool!.stopped ?? '', /could not be started again/);
});
