import { authorizationStep } from './authorizationStep';

/** Authorization stage: the protected resource metadata is for another resource than this server (RFC 9728 §3.3). */
export const authResourceMismatch = authorizationStep('auth-resource-mismatch');
