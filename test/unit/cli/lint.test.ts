import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { buildCli, CLI, CLI_MAIN, FIXTURES, hostThroughRecord, NODE, report, ROOT, runCli } from './helpers';

before(buildCli);

const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-lint-'));
const hostLines = [
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"host","version":"1"}}}',
  '{"jsonrpc":"2.0","method":"notifications/initialized"}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/list"}',
];

test('lint over a recorded session finds what check finds, citing the file\'s own seq numbers', async () => {
  const trace = join(dir, 'glued.mcptrace.jsonl');
  const recorded = await hostThroughRecord(['record', '--out', trace, '--', NODE, `${FIXTURES}faults/glued-ready.mjs`], hostLines);
  assert.equal(recorded.code, 0, recorded.stderr);
  // The file's seq numbers are what evidence must cite, even when they do not start at 1.
  const shifted = readFileSync(trace, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const e = JSON.parse(line);
      return JSON.stringify({ ...e, seq: e.seq + 100 });
    })
    .join('\n');
  writeFileSync(trace, shifted + '\n');
  const gluedSeq = shifted.split('\n').map((l) => JSON.parse(l)).find((e) => e.glued === 'ready ').seq;
  assert.ok(gluedSeq > 100);

  const run = await runCli(['lint', trace]);
  assert.equal(run.code, 1);
  assert.match(run.stdout, /✗ error {3}glued-output \[framing\]/);
  assert.match(run.stdout, new RegExp(`evidence: #${gluedSeq}\\n +${gluedSeq} ← #1 ✓`));
  assert.match(run.stdout, /tools +1 {2}echo/);

  const json = report(await runCli(['lint', '--json', trace]));
  const glued = json.diagnostics.find((d: any) => d.rule === 'glued-output');
  assert.deepEqual(glued.evidence, [gluedSeq]);
  assert.equal(json.server, null);
  assert.equal(json.era, 'legacy');
});

test('lint reads raw JSON-RPC lines too, and reports the lines it cannot read', async () => {
  const file = join(dir, 'raw.jsonl');
  writeFileSync(
    file,
    [
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_forecast","arguments":{}}}',
      '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"no city"}],"isError":true}}',
      'this line is not JSON',
    ].join('\n'),
  );
  const run = await runCli(['lint', file]);
  assert.match(run.stdout, /line 3: not JSON/);
  assert.match(run.stdout, /tool-error \[invocation\]/);
  assert.equal(run.code, 0, 'tool-error is information, not an error');
});

test('lint of a clean trace exits 0; of a missing file exits 2', async () => {
  const trace = join(dir, 'clean.mcptrace.jsonl');
  await hostThroughRecord(['record', '--out', trace, '--', NODE, `${FIXTURES}cli/sdk-v1-weather.mjs`], hostLines);
  const run = await runCli(['lint', trace]);
  assert.equal(run.code, 0, run.stdout);
  assert.match(run.stdout, /No problems found\./);
  const missing = await runCli(['lint', join(dir, 'nope.jsonl')]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /cannot read/);
});

test('lint --host: a tool name a host refuses is a finding citing its page, with the token cost of each definition; exit 1', async () => {
  const file = 'test/fixtures/hosts/bad-names.jsonl';
  const run = await runCli(['lint', '--host', 'openai', '--host', 'anthropic', '--json', file]);
  assert.equal(run.code, 1, run.stderr);
  const report = JSON.parse(run.stdout);
  assert.deepEqual(report.hosts.findings.map((f: { host: string; tool: string }) => [f.host, f.tool]), [['openai', 'files/read'], ['anthropic', 'files/read']]);
  assert.equal(report.hosts.tokens.encoding, 'o200k_base');
  assert.deepEqual(report.hosts.tokens.tools.map((t: { name: string }) => t.name), ['files/read', 'echo']);
  assert.equal(report.hosts.tokens.total, report.hosts.tokens.tools.reduce((n: number, t: { tokens: number }) => n + t.tokens, 0));
  const text = await runCli(['lint', '--host', 'vscode', file]);
  assert.equal(text.code, 0, 'VS Code documents no name rule, and 2 tools are under its count');
  assert.match(text.stdout, /Token cost \(o200k_base\): \d+ tokens for 2 tool definitions/);
  assert.equal((await runCli(['lint', '--host', 'nope', file])).code, 2);
});

// The rank tables are megabytes: the CLI requires dist/tokenizer.js, the extension's own
// tokenizer bundle, for --host only, instead of carrying a second copy (esbuild.config.mjs).
test('cli.js inlines none of the tokenizer: lint --host counts with dist/tokenizer.js beside it', () => {
  const bundle = readFileSync(CLI_MAIN, 'utf8');
  assert.match(bundle, /\/\/ src\/cli\/main\.ts/, 'dist/cli-main.js is the CLI');
  for (const text of [readFileSync(CLI, 'utf8'), bundle]) assert.doesNotMatch(text, /node_modules\/gpt-tokenizer\//);
  assert.match(readFileSync(`${ROOT}dist/tokenizer.js`, 'utf8'), /node_modules\/gpt-tokenizer\/esm\/bpeRanks\/o200k_base/);
});
