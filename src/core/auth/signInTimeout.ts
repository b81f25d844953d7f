/**
 * How long a sign-in may take: a person reads the authorization server's page, maybe signs in
 * with a second factor. The requests around it wait this long instead of the usual timeout.
 */
export const SIGN_IN_TIMEOUT_MS = 5 * 60 * 1000;
