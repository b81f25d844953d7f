import { existsSync, readFileSync } from 'node:fs';

/** One expected failure: the scenario (or `scenario:check-id`) and why it fails today. */
export interface BaselineEntry {
  scenario: string;
  why: string;
}

/**
 * Reads an expected-failures file as the suite takes it (`client:` then `  - name`), and holds
 * it to the project's rule: one line per entry, a `# reason` on that line. A missing file is
 * an empty baseline, the goal.
 */
export function readBaseline(file: string): BaselineEntry[] {
  if (!existsSync(file)) return [];
  const entries: BaselineEntry[] = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    const item = /^\s+-\s+(\S+)\s*(?:#\s*(.*))?$/.exec(line);
    if (!item) return;
    const why = item[2]?.trim() ?? '';
    if (!why) throw new Error(`${file}:${i + 1}: "${item[1]}" has no reason; write it on the same line after #`);
    entries.push({ scenario: item[1]!, why });
  });
  return entries;
}
