import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** A check of a scenario that did not succeed, as the suite saved it. */
export interface BadCheck {
  id: string;
  status: 'FAILURE' | 'WARNING';
  description: string;
}

/**
 * The checks that failed or warned in a scenario's `checks.json`, which `--output-dir` writes to
 * `DIR/<scenario>-<ISO time>/` (a scenario such as `auth/dpop` is a folder and a prefix). The
 * newest run of the scenario is read; no run is an empty list.
 */
export function badChecks(outputDir: string, scenario: string): BadCheck[] {
  const folder = join(outputDir, dirname(scenario));
  const prefix = `${basename(scenario)}-`;
  if (!existsSync(folder)) return [];
  // The suffix is a timestamp with ':' and '.' as '-': the name sorts by time.
  const runs = readdirSync(folder)
    .filter((name) => name.startsWith(prefix) && /^\d{4}-\d\d-\d\dT/.test(name.slice(prefix.length)))
    .sort();
  const newest = runs.at(-1);
  if (!newest) return [];
  const file = join(folder, newest, 'checks.json');
  if (!existsSync(file)) return [];
  const checks = JSON.parse(readFileSync(file, 'utf8')) as { id?: unknown; status?: unknown; description?: unknown; errorMessage?: unknown }[];
  return checks
    .filter((c) => c.status === 'FAILURE' || c.status === 'WARNING')
    .map((c) => ({
      id: String(c.id),
      status: c.status as BadCheck['status'],
      description: String(typeof c.errorMessage === 'string' ? c.errorMessage : c.description),
    }));
}

/** `WARNING sep-2350-…: what it says; FAILURE …`: what a reader of the report needs to find the check. */
export function describeChecks(checks: BadCheck[]): string {
  return checks.map((c) => `${c.status} ${c.id}: ${c.description}`).join('; ');
}
