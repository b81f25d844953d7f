/**
 * What only a tool call reaches, seen through `call --json` and `fuzz --json` on a real SDK
 * server whose results each break one schema: structuredContent against the tool's
 * outputSchema, an image block without mimeType against the official schema, and the
 * progress and log notifications the server sends during the call against theirs.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { buildCli, FIXTURES, NODE, runCli } from './helpers';

before(buildCli);

const SERVER = `${FIXTURES}tool-results.mjs`;

interface Diag {
  rule: string;
  severity: string;
  message: string;
}

async function call(tool: string): Promise<{ code: number | null; diagnostics: Diag[] }> {
  const run = await runCli(['call', tool, '--json', '--', NODE, SERVER]);
  return { code: run.code, diagnostics: (JSON.parse(run.stdout) as { diagnostics: Diag[] }).diagnostics };
}

test('call reports a result that breaks its outputSchema, an image without mimeType, and malformed progress and log notifications (exit 1)', async () => {
  const stats = await call('stats');
  assert.equal(stats.code, 1);
  assert.deepEqual(stats.diagnostics.map((d) => [d.rule, d.severity]), [['output-schema-mismatch', 'error']]);
  assert.match(stats.diagnostics[0]!.message, /"mean" must be number/);

  const picture = await call('picture');
  assert.equal(picture.code, 1);
  assert.deepEqual(picture.diagnostics.map((d) => d.rule), ['schema-violation']);
  assert.match(picture.diagnostics[0]!.message, /CallToolResult .*\/result\/content\/0 must have required property 'mimeType'/);

  const chatty = await call('chatty');
  assert.equal(chatty.code, 1);
  assert.deepEqual(chatty.diagnostics.map((d) => d.rule), ['schema-violation', 'schema-violation']);
  assert.match(chatty.diagnostics[0]!.message, /notifications\/progress .*\/params\/progress must be number/);
  assert.match(chatty.diagnostics[1]!.message, /notifications\/message .*\/params\/level must be equal to one of the allowed values/);

  const fine = await call('fine');
  assert.deepEqual([fine.code, fine.diagnostics], [0, []], 'the control');
});

test('fuzz finds the same faults: each tool call carries a progressToken, so progress is checked too', async () => {
  const run = await runCli(['fuzz', '--seed', '2', '--runs', '10', '--json', '--', NODE, SERVER]);
  assert.equal(run.code, 1, run.stderr);
  const report = JSON.parse(run.stdout) as { tools: { tool: string; findings: Diag[] }[] };
  const found = Object.fromEntries(report.tools.map((t) => [t.tool, t.findings.map((f) => f.rule)]));
  assert.deepEqual(found, { stats: ['output-schema-mismatch'], picture: ['schema-violation'], chatty: ['schema-violation'], fine: [] });
  const chatty = report.tools.find((t) => t.tool === 'chatty')!.findings[0]!;
  assert.match(chatty.message, /notifications\/progress/, 'the progress notification, sent only to a call with a progressToken');
});
