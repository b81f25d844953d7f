import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { readBaseline } from '../../conformance/baseline';
import { readClientRequirements } from '../../conformance/requirements';
import { readVerdicts } from '../../conformance/suiteOutput';

const SUITE_DIR = join(import.meta.dirname, '..', '..', '..', 'node_modules', '@modelcontextprotocol', 'conformance');

test('the pinned suite requires 32 client scenarios of 2026-07-28 and 18 of 2025-11-25', () => {
  const modern = readClientRequirements(SUITE_DIR, '2026-07-28');
  const legacy = readClientRequirements(SUITE_DIR, '2025-11-25');
  assert.equal(modern.scored.length, 32);
  assert.equal(legacy.scored.length, 18);
  assert.ok(modern.scored.includes('http-invalid-tool-headers'));
  assert.equal(modern.notScored.get('json-schema-2020-12-preservation'), 'added-after-release');
  assert.equal(legacy.notScored.get('auth/client-credentials-basic'), 'extension');
  assert.ok(!modern.notScored.has('tasks-lifecycle'), 'server-leg entries are not the client’s');
});

test('a baseline entry carries its reason on its line; one without is refused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-baseline-'));
  const good = join(dir, 'good.yml');
  writeFileSync(good, '# header\nclient:\n  - auth/dpop # not built (#13)\n  - sse-retry:some-check # flaky upstream\n');
  assert.deepEqual(readBaseline(good), [
    { scenario: 'auth/dpop', why: 'not built (#13)' },
    { scenario: 'sse-retry:some-check', why: 'flaky upstream' },
  ]);
  const bad = join(dir, 'bad.yml');
  writeFileSync(bad, 'client:\n  - auth/dpop\n');
  assert.throws(() => readBaseline(bad), /bad\.yml:2: "auth\/dpop" has no reason/);
  assert.deepEqual(readBaseline(join(dir, 'absent.yml')), []);
});

test('verdicts come from the last SUITE SUMMARY, colours or not', () => {
  const text = [
    '✗ tools_call: 0 passed, 1 failed',
    '=== SUITE SUMMARY ===',
    '',
    '\x1b[32m✓ tools_call: 2 passed, 0 failed\x1b[0m',
    '✗ auth/dpop: 0 passed, 3 failed',
    'Total: 2 passed, 3 failed',
  ].join('\n');
  assert.deepEqual([...readVerdicts(text)], [
    ['tools_call', true],
    ['auth/dpop', false],
  ]);
});
