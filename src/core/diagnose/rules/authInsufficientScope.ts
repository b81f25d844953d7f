import { authorizationStep } from './authorizationStep';

/** Authorization stage: 403 insufficient_scope again after a step-up: the client stops (retry limit). */
export const authInsufficientScope = authorizationStep('auth-insufficient-scope');
