/**
 * The server needs a person to sign in, and this run may not ask for it (the editor starts a
 * server without opening a browser; Sign In does). Not a fault of the server: no diagnostic.
 */
export class SignInRequiredError extends Error {
  constructor(readonly issuer: string) {
    super(`the server asks for authorization: sign in at ${issuer}`);
    // The HTTP transport passes authorization errors through untouched (see transport/http.ts).
    this.name = 'AuthorizationError';
  }
}
