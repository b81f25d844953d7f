import { AuthorizationError } from './errors';
import { describe } from './registration';

/**
 * How long one exchange of a grant without a person (token exchange, jwt-bearer) may take: an
 * IdP or token endpoint that never answers ends the flow with a diagnostic instead of holding it.
 */
export const EXCHANGE_TIMEOUT_MS = 30_000;

/** The claims of a compact JWS, read without checking its signature (the receiver checks it); undefined when it is not one. */
export function jwtClaims(jwt: string): Record<string, unknown> | undefined {
  const parts = jwt.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[\w-]+$/.test(p))) return undefined;
  try {
    const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8')) as unknown;
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as unknown;
    if (!isObject(header) || !isObject(claims)) return undefined;
    return claims;
  } catch {
    return undefined;
  }
}

/**
 * RFC 7523 §2.1: "The value of the "assertion" parameter MUST contain a single JWT." An
 * assertion that is not one is refused here, before it is sent anywhere.
 */
export function requireJwt(assertion: string, what: string, fix: string, evidence: number[]): void {
  if (jwtClaims(assertion.trim())) return;
  throw new AuthorizationError(
    'auth-assertion',
    `${what} is not a JWT (a compact JWS: three base64url parts, header and claims JSON objects): the client does not present it`,
    `RFC 7523 §2.1: the "assertion" parameter MUST contain a single JWT. ${fix}`,
    evidence,
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What went wrong with an exchange, an endpoint that never answered said as such. */
export function describeExchangeFailure(err: unknown): string {
  const timedOut =
    err instanceof Error && (err.name === 'TimeoutError' || (err.cause instanceof Error && err.cause.name === 'TimeoutError'));
  return timedOut ? `no answer within ${EXCHANGE_TIMEOUT_MS / 1000} s` : describe(err);
}
