import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { readBaseline } from '../../conformance/baseline';
import { readClientRequirements } from '../../conformance/requirements';
import { badChecks, describeChecks } from '../../conformance/checkResults';
import { readAloneVerdict, readVerdicts } from '../../conformance/suiteOutput';

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
    ['tools_call', { passed: true, failed: 0, warnings: 0 }],
    ['auth/dpop', { passed: false, failed: 3, warnings: 0 }],
  ]);
});

test('a scenario with a WARNING fails, whatever its mark says', () => {
  const text = ['=== SUITE SUMMARY ===', '✗ auth/scope-step-up: 24 passed, 0 failed, 1 warnings', '✓ sse-retry: 3 passed, 0 failed, 1 warnings'].join('\n');
  const verdicts = readVerdicts(text);
  assert.deepEqual(verdicts.get('auth/scope-step-up'), { passed: false, failed: 0, warnings: 1 });
  assert.equal(verdicts.get('sse-retry')?.passed, false, 'a ✓ beside a warning count is still a broken SHOULD');
});

test('a scenario run alone (--scenario) takes the runner verdict: counts and OVERALL, which also fails a client that exited with an error', () => {
  const passed = ['Test Results:', '\x1b[0mPassed: 13/13, 0 failed, 0 warnings', '', '✅ OVERALL: PASSED'].join('\n');
  assert.deepEqual(readAloneVerdict(passed), { passed: true, failed: 0, warnings: 0 });
  const warned = ['Passed: 24/24, 0 failed, 1 warnings', '❌ OVERALL: FAILED'].join('\n');
  assert.deepEqual(readAloneVerdict(warned), { passed: false, failed: 0, warnings: 1 });
  const exited = ['Passed: 3/3, 0 failed, 0 warnings', '⚠️  CLIENT EXITED WITH ERROR (code 1) - Test may be incomplete', '❌ OVERALL: FAILED'].join('\n');
  assert.equal(readAloneVerdict(exited)?.passed, false);
  assert.equal(readAloneVerdict("SKIPPED: scenario 'auth/dpop' is not applicable"), undefined);
});

test('the report names the check that warned, from the newest checks.json of the scenario', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-checks-'));
  const save = (folder: string, checks: unknown[]) => {
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, folder, 'checks.json'), JSON.stringify(checks));
  };
  save('auth/scope-step-up-2026-12-04T00-10-00-000Z', [{ id: 'old-check', status: 'FAILURE', description: 'an earlier run' }]);
  save('auth/scope-step-up-2026-12-04T00-14-53-145Z', [
    { id: 'scope-step-up-initial', status: 'SUCCESS', description: 'fine' },
    { id: 'sep-2350-scope-union-on-reauth', status: 'WARNING', description: 'previously-granted scope was dropped' },
    { id: 'incoming-request', status: 'INFO', description: 'a request' },
  ]);
  // Another scenario whose name starts the same is not this one's.
  save('auth/scope-step-up-extra-2026-12-04T00-20-00-000Z', [{ id: 'other', status: 'FAILURE', description: 'not ours' }]);
  const bad = badChecks(dir, 'auth/scope-step-up');
  assert.deepEqual(bad, [{ id: 'sep-2350-scope-union-on-reauth', status: 'WARNING', description: 'previously-granted scope was dropped' }]);
  assert.equal(describeChecks(bad), 'WARNING sep-2350-scope-union-on-reauth: previously-granted scope was dropped');
  assert.deepEqual(badChecks(dir, 'auth/dpop'), [], 'a scenario that saved nothing names nothing');
});
