import { authorizationStep } from './authorizationStep';

/** Authorization stage: the authorization or token endpoint refused, or the server rejects the token it was issued. */
export const authToken = authorizationStep('auth-token');
