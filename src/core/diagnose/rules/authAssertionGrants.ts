import { authorizationStep } from './authorizationStep';

/** Authorization stage: the enterprise IdP refused the RFC 8693 exchange of the ID token, or answered with something that is not an ID-JAG. */
export const authTokenExchange = authorizationStep('auth-token-exchange');

/** Authorization stage: a JWT grant's assertion (the ID token, the ID-JAG, a workload's token) cannot be read or is not a JWT (RFC 7523 §2.1). */
export const authAssertion = authorizationStep('auth-assertion');
