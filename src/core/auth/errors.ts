/** The authorization stage's rule ids (DESIGN.md §4), one per step of the OAuth flow that can fail. */
export type AuthRule =
  | 'auth-metadata'
  | 'auth-issuer-mismatch'
  | 'auth-pkce-unsupported'
  | 'auth-registration'
  | 'auth-state-mismatch'
  | 'auth-token'
  | 'auth-resource-mismatch'
  | 'auth-insufficient-scope'
  | 'auth-dpop-nonce'
  | 'auth-token-exchange'
  | 'auth-assertion';

/**
 * A step of the authorization flow failed, or the client refused to go on (a wrong issuer, a
 * resource that is not this server). `evidence` are the trace seqs of the exchanges that prove it.
 */
export class AuthorizationError extends Error {
  constructor(
    readonly rule: AuthRule,
    message: string,
    readonly hint: string,
    readonly evidence: number[],
  ) {
    super(message);
    this.name = 'AuthorizationError';
  }
}
