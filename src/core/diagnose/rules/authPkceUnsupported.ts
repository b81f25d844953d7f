import { authorizationStep } from './authorizationStep';

/** Authorization stage: the authorization server does not list S256 in code_challenge_methods_supported (the client MUST refuse). */
export const authPkceUnsupported = authorizationStep('auth-pkce-unsupported');
