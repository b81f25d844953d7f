import { SIGN_IN_TIMEOUT_MS } from '../core/auth/signInTimeout';
import { assertionWanted } from './assertionFlags';
import { UsageError } from './usageError';

/** `--timeout MS`: how long each request may take, and its default (longer when a sign-in may come first). */

export const TIMEOUT_OPTION = { timeout: { type: 'string' } } as const;

const DEFAULT_TIMEOUT_MS = 30_000;

export function timeout(command: string, value: string | undefined, signIn = false): number {
  if (value === undefined) return signIn ? SIGN_IN_TIMEOUT_MS : DEFAULT_TIMEOUT_MS;
  const ms = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(ms) || ms <= 0) {
    throw new UsageError(`${command}: --timeout takes a positive number of milliseconds, got ${JSON.stringify(value)}`);
  }
  return ms;
}

/** `--auth`, a client flag or a JWT grant's: the first request may wait for the person's sign-in, or for the grant's exchanges (each bounded on its own). */
export function signsIn(values: Record<string, unknown>): boolean {
  return (
    values.auth === true || values['client-id'] !== undefined || values['client-metadata-url'] !== undefined || assertionWanted(values)
  );
}
