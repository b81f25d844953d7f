import { authorizationStep } from './authorizationStep';

/** Authorization stage: Protected Resource Metadata (RFC 9728) or Authorization Server Metadata (RFC 8414 / OpenID discovery) missing, malformed, or naming endpoints that are not https. */
export const authMetadata = authorizationStep('auth-metadata');
