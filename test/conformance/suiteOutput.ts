/** One scenario's line of the suite's `=== SUITE SUMMARY ===`: `✓ name: 3 passed, 0 failed[, 1 warnings]`. */
export interface Verdict {
  /** Every check succeeded and none warned: a WARNING is a broken SHOULD, which the runner fails for a scenario run alone. */
  passed: boolean;
  failed: number;
  warnings: number;
}

/**
 * Every scenario's verdict from the suite's `=== SUITE SUMMARY ===`. The counts decide, not only
 * the mark: a summary that marked a scenario with warnings ✓ would still be a failure here.
 */
export function readVerdicts(text: string): Map<string, Verdict> {
  const verdicts = new Map<string, Verdict>();
  const summary = text.slice(Math.max(0, text.lastIndexOf('=== SUITE SUMMARY ===')));
  for (const line of summary.split('\n')) {
    const scenario = /^([✓✗]) (\S+): \d+ passed, (\d+) failed(?:, (\d+) warnings?)?/.exec(line.replace(/\x1b\[[0-9;]*m/g, ''));
    if (!scenario) continue;
    const failed = Number(scenario[3]);
    const warnings = Number(scenario[4] ?? 0);
    verdicts.set(scenario[2]!, { passed: scenario[1] === '✓' && failed === 0 && warnings === 0, failed, warnings });
  }
  return verdicts;
}

/**
 * The verdict of a scenario run alone (`--scenario`): `Passed: 13/13, 0 failed, 0 warnings` and
 * the runner's `OVERALL: PASSED|FAILED`, which also fails a WARNING, a timeout or a client that
 * exited with an error. Undefined when the run printed no result (the scenario did not run).
 */
export function readAloneVerdict(text: string): Verdict | undefined {
  const clean = text.replace(/\x1b\[[0-9;]*m/g, '');
  const counts = /^Passed: \d+\/\d+, (\d+) failed, (\d+) warnings?$/m.exec(clean);
  const overall = /OVERALL: (PASSED|FAILED)/.exec(clean);
  if (!counts || !overall) return undefined;
  const failed = Number(counts[1]);
  const warnings = Number(counts[2]);
  return { passed: overall[1] === 'PASSED' && failed === 0 && warnings === 0, failed, warnings };
}
