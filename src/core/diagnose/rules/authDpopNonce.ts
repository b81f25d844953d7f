import { authorizationStep } from './authorizationStep';

/** Authorization stage: a DPoP nonce that never settles (RFC 9449 §8, §9): use_dpop_nonce again after one retry with the nonce supplied. */
export const authDpopNonce = authorizationStep('auth-dpop-nonce');
