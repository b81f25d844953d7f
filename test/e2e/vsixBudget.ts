import { statSync } from 'node:fs';
import { VSIX_MAX_BYTES } from '../unit/package/budgets';

/**
 * The VSIX's weight against its budget. Checked here, on the VSIX the e2e tests install:
 * only `npm run package` makes the production build users get; a unit test would pack
 * whatever build dist/ holds (the unminified one weighs a quarter more).
 */
export function vsixBudget(vsix: string): { ok: boolean; line: string } {
  const size = statSync(vsix).size;
  const ok = size <= VSIX_MAX_BYTES;
  const mib = (n: number) => (n / 1024 / 1024).toFixed(2);
  return { ok, line: `${ok ? '✔' : '✘'} the VSIX is under its budget: ${size} bytes (${mib(size)} MiB), budget ${VSIX_MAX_BYTES} (${mib(VSIX_MAX_BYTES)} MiB)` };
}
