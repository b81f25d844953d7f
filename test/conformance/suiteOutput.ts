/** What one revision's run said about each scenario, read from the suite's `=== SUITE SUMMARY ===`. */
export interface SuiteOutcome {
  /** Scored scenarios (the revision's requirement list) by name: passed or not. */
  scored: Map<string, boolean>;
  /** Scenarios run for visibility only, with the suite's reason (extension, added-after-release…). */
  notScored: Map<string, { passed: boolean; reason: string }>;
}

/**
 * The summary lists every scenario as `✓ name: …` / `✗ name: …`; a scenario passes when its
 * checks do and the client exited 0. The `Not scored for …` block names the ones that count
 * for nothing, each as `  ✗ name (reason)`.
 */
export function readSuiteOutput(text: string): SuiteOutcome {
  const all = new Map<string, boolean>();
  const notScored = new Map<string, { passed: boolean; reason: string }>();
  const summary = text.slice(Math.max(0, text.lastIndexOf('=== SUITE SUMMARY ===')));
  for (const line of summary.split('\n')) {
    const plain = line.replace(/\x1b\[[0-9;]*m/g, '');
    const scenario = /^([✓✗]) (\S+): /.exec(plain);
    if (scenario) all.set(scenario[2]!, scenario[1] === '✓');
    const extra = /^\s+([✓✗]) (\S+) \(([^)]+)\)\s*$/.exec(plain);
    if (extra) notScored.set(extra[2]!, { passed: extra[1] === '✓', reason: extra[3]! });
  }
  const scored = new Map([...all].filter(([name]) => !notScored.has(name)));
  return { scored, notScored };
}
