/**
 * Every scenario's verdict from the suite's `=== SUITE SUMMARY ===`: `✓ name: …` / `✗ name: …`.
 * A scenario passes when its checks do and the client exited 0.
 */
export function readVerdicts(text: string): Map<string, boolean> {
  const verdicts = new Map<string, boolean>();
  const summary = text.slice(Math.max(0, text.lastIndexOf('=== SUITE SUMMARY ===')));
  for (const line of summary.split('\n')) {
    const scenario = /^([✓✗]) (\S+): /.exec(line.replace(/\x1b\[[0-9;]*m/g, ''));
    if (scenario) verdicts.set(scenario[2]!, scenario[1] === '✓');
  }
  return verdicts;
}
