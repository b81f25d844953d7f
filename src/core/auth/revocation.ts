import * as oauth from 'oauth4webapi';
import { describe } from './registration';
import { isSecureEndpoint } from './requestOptions';
import { savedIdentity, type GrantStore, type SavedGrant } from './savedGrant';

/** What became of one saved grant at its authorization server when the person signed out. */
export interface Revocation {
  issuer: string;
  /** True when the authorization server accepted the revocation of every token of the grant. */
  revoked: boolean;
  /** Why not, in a sentence, when it was not. */
  reason?: string;
}

/** What signing out did: how many grants were forgotten here, and what each authorization server said. */
export interface SignOutOutcome {
  forgotten: number;
  revocations: Revocation[];
}

/**
 * Signs out of a server: every saved grant is revoked at its authorization server (RFC 7009)
 * where it offers that, then forgotten here whatever the server said. A sign-out never keeps
 * tokens because the server could not be reached: the person asked for them to be gone.
 */
export async function signOutOf(store: GrantStore, serverUrl: string): Promise<SignOutOutcome> {
  let grants: SavedGrant[] = [];
  const revocations: Revocation[] = [];
  try {
    grants = await store.load(serverUrl);
  } catch (error) {
    // Unread grants cannot be revoked at their server: said, and forgotten here all the same.
    revocations.push({
      issuer: 'its authorization server',
      revoked: false,
      reason: `the saved grants could not be read (${describe(error)})`,
    });
  }
  revocations.push(...(await Promise.all(grants.map(revokeGrant))));
  const forgotten = await store.clear(serverUrl);
  return { forgotten, revocations };
}

/**
 * RFC 7009: the refresh token first ("If the token passed to the request is a refresh token and
 * the authorization server supports the revocation of access tokens, then the authorization
 * server SHOULD also invalidate all access tokens based on the same authorization grant"), then
 * the access token, since that "SHOULD" leaves some servers' access tokens alive.
 */
export async function revokeGrant(grant: SavedGrant): Promise<Revocation> {
  const endpoint = grant.as.revocation_endpoint;
  const identity = savedIdentity(grant);
  if (!endpoint)
    return {
      issuer: grant.issuer,
      revoked: false,
      reason: `${grant.issuer} publishes no revocation_endpoint (RFC 7009), so its tokens stay valid there until they expire`,
    };
  if (!isSecureEndpoint(endpoint))
    return {
      issuer: grant.issuer,
      revoked: false,
      reason: `the revocation endpoint ${endpoint} is not https: the tokens were not sent there`,
    };
  if (!identity)
    return {
      issuer: grant.issuer,
      revoked: false,
      reason: 'the client that signed in cannot authenticate again (its private key is not saved)',
    };
  const tokens: [string, 'refresh_token' | 'access_token'][] = [];
  if (grant.tokens.refreshToken) tokens.push([grant.tokens.refreshToken, 'refresh_token']);
  tokens.push([grant.tokens.accessToken, 'access_token']);
  const failures: string[] = [];
  for (const [token, hint] of tokens) {
    try {
      const res = await oauth.revocationRequest(grant.as, identity.client, identity.clientAuth, token, {
        additionalParameters: { token_type_hint: hint },
        [oauth.allowInsecureRequests]: true,
      });
      await oauth.processRevocationResponse(res);
    } catch (err) {
      failures.push(`the ${hint.replace('_', ' ')}: ${reasonOf(err)}`);
    }
  }
  return failures.length
    ? { issuer: grant.issuer, revoked: false, reason: `${endpoint} did not revoke ${failures.join('; ')}` }
    : { issuer: grant.issuer, revoked: true };
}

/** One line per authorization server for the person who signed out: revoked, or why not. */
export function describeRevocations(revocations: readonly Revocation[]): string[] {
  return revocations.map((r) => (r.revoked ? `revoked at ${r.issuer}` : `not revoked at ${r.issuer}: ${r.reason}`));
}

/** The server's error, or why it could not be reached ("fetch failed" alone says nothing). */
function reasonOf(err: unknown): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : undefined;
  return cause ? `${describe(err)} (${cause})` : describe(err);
}
