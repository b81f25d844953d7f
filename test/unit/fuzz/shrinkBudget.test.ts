/**
 * Shrinking stops at its budget. Past it, fast-check was told each further candidate passes,
 * and went on walking the candidates of a long string in an array: minutes of CPU, then a
 * stack overflow (server-filesystem's search_files, whose excludePatterns globs take seconds
 * to match). The caller stands in for a server and answers at once, as in sweep.test.ts.
 * The run is a child process: spinning, it would starve this process's timers, and the
 * deadline could not end it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const RUN = fileURLToPath(new URL('./shrinkBudgetRun.ts', import.meta.url));

test('shrinking a hang on a long string in an array stops at its budget, with an input that still hangs', () => {
  // A hang guard, not a timing: on the old code this run did not end within five minutes.
  const child = spawnSync(process.execPath, ['--import', 'tsx', RUN], { encoding: 'utf8', timeout: 120_000 });
  assert.equal(child.signal, null, 'the run ended by itself');
  assert.equal(child.status, 0, child.stderr);
  const { calls, reported, findings } = JSON.parse(child.stdout) as { calls: number; reported: number; findings: { rule: string; args: { excludePatterns: string[] } }[] };
  assert.deepEqual(
    findings.map((f) => f.rule),
    ['timeout'],
  );
  assert.ok(
    findings[0]!.args.excludePatterns.some((p) => p.length > 2000),
    'the shrunk input is one that hangs',
  );
  assert.equal(reported, calls);
});
