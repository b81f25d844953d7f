import { authorizationStep } from './authorizationStep';

/** Authorization stage: the redirect back does not carry the state the client sent. */
export const authStateMismatch = authorizationStep('auth-state-mismatch');
