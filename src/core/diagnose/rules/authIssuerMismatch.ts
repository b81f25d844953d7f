import { authorizationStep } from './authorizationStep';

/** Authorization stage: an issuer that does not match: the metadata's `issuer` (RFC 8414 §3.3) or the authorization response's `iss` (RFC 9207). */
export const authIssuerMismatch = authorizationStep('auth-issuer-mismatch');
