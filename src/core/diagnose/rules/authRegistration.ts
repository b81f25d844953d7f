import { authorizationStep } from './authorizationStep';

/** Authorization stage: no way to identify the client, or Dynamic Client Registration (RFC 7591) refused. */
export const authRegistration = authorizationStep('auth-registration');
