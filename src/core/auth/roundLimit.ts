/**
 * How many authorizations one request may go through, and the error that ends the flow when
 * the server still refuses after them.
 */
import type { AuthChallenge } from '../transport/httpAuthorizer';
import type { BearerChallenge } from './challenge';
import { AuthorizationError } from './errors';

/**
 * Authorizations one request may go through before the client gives up: the first, and one
 * step-up. "Clients SHOULD implement retry limits" on repeated insufficient_scope answers.
 */
export const MAX_ROUNDS = 2;

/** The refusal after the last round: a 403 that still wants another scope, or a 401 for the token just issued. `tokenSeq`: the token exchange's sequence, as evidence. */
export function roundsExhausted(
  challenge: AuthChallenge,
  bearer: BearerChallenge,
  requestedScope: string | undefined,
  tokenSeq: number | undefined,
): AuthorizationError {
  const last = [tokenSeq].filter((s): s is number => s !== undefined);
  if (challenge.status === 403) {
    return new AuthorizationError(
      'auth-insufficient-scope',
      `The server still answers 403 insufficient_scope${bearer.scope ? ` (scope "${bearer.scope}")` : ''} after the client was granted ${requestedScope ? `"${requestedScope}"` : 'the scopes it asked for'}: the client stops asking`,
      'MCP scope challenge handling: a 403 insufficient_scope names the scope the operation needs; the authorization server must be able to grant it, and a token with it must then be accepted.',
      last,
    );
  }
  return new AuthorizationError(
    'auth-token',
    'The server refuses the token the authorization server just issued (HTTP 401 again)',
    'The MCP server must accept tokens its authorization server issues for its resource: check the audience (RFC 8707 resource) and issuer it validates.',
    last,
  );
}
