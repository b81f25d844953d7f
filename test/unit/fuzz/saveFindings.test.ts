import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FuzzFinding } from '../../../src/core/fuzz/fuzzRun';
import { saveFindings } from '../../../src/core/fuzz/saveFindings';
import { parseTestFile } from '../../../src/core/testing/testFile';

function finding(over: Partial<FuzzFinding>): FuzzFinding {
  return { tool: 'divide', rule: 'crashed', severity: 'error', message: '', hint: '', args: { a: 0, b: 0 }, how: 'valid', valid: true, end: 'crashed', replay: { seed: 1, path: '' }, ...over };
}

test('findings become saved calls a test file reads: a valid input must answer, an invalid one must be refused as isError', () => {
  const { text, added } = saveFindings(undefined, 'f.mcptest.json', { command: ['node', 'server.mjs'], cwd: '../srv' }, [finding({}), finding({ tool: 'set_level', rule: 'invalid-input-accepted', args: {}, valid: false, how: 'without the required "level"' })]);
  assert.deepEqual(added, ['fuzz divide: crashed', 'fuzz set_level: invalid-input-accepted']);
  const file = parseTestFile('f.mcptest.json', text);
  assert.deepEqual(file.problems, []);
  assert.deepEqual(file.server, { command: 'node', args: ['server.mjs'], cwd: '../srv' });
  assert.deepEqual(JSON.parse(JSON.stringify(file.tests.map((t) => [t.tool, t.arguments, t.expect]))), [
    ['divide', { a: 0, b: 0 }, { noDiagnostics: 'warning' }],
    ['set_level', {}, { isError: true, noDiagnostics: 'warning' }],
  ]);
});

test('saving again adds nothing for the same tool and arguments, keeps comments, and names a new one apart', () => {
  const first = saveFindings(undefined, 'f.mcptest.json', { command: ['node', 's.mjs'] }, [finding({})]).text.replace('"tests"', '// kept\n  "tests"');
  const again = saveFindings(first, 'f.mcptest.json', { command: ['node', 's.mjs'] }, [finding({}), finding({ args: { a: 1, b: 0 } })]);
  assert.deepEqual(again.added, ['fuzz divide: crashed 2']);
  assert.match(again.text, /\/\/ kept/);
  assert.equal(parseTestFile('f.mcptest.json', again.text).tests.length, 2);
});
