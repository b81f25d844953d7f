/**
 * The grants an authorizer keeps across runs: what a grant is (the authorization server, the
 * client it identified as, the resource and the DPoP key), reading the usable ones back from a
 * GrantStore, and saving a new one there. A store that fails is told to the exchanges, never thrown.
 */
import type * as oauth from 'oauth4webapi';
import type { TokenSet } from './authorizationCode';
import { DpopKey, type DpopMode } from './dpop';
import type { AuthExchanges } from './exchanges';
import type { ClientIdentity } from './registration';
import { savedIdentity, type GrantStore } from './savedGrant';

/** The authorization server a token came from, and the resource it was asked for. */
export interface Grant {
  as: oauth.AuthorizationServer;
  identity: ClientIdentity;
  resource?: string;
  /** The key its tokens are bound to (RFC 9449), kept with the grant. */
  dpop?: DpopKey;
}

/** A stored grant this client may use again. */
export interface RestoredGrant {
  issuer: string;
  tokens: TokenSet;
  grant: Grant;
}

/** The usable grants a store kept for `serverUrl`, the newest last (its tokens are the ones to send); their secrets are masked from now on. */
export async function restoreGrants(
  store: GrantStore | undefined,
  serverUrl: string,
  options: { clientId?: string; dpop?: DpopMode },
  exchanges: AuthExchanges,
): Promise<RestoredGrant[]> {
  const saved = await store?.load(serverUrl).catch((error: unknown) => {
    exchanges.storeFailed('read', error);
    return [];
  });
  const usable: RestoredGrant[] = [];
  for (const grant of [...(saved ?? [])].reverse()) {
    const identity = savedIdentity(grant);
    // A grant of another client than the one the user names now is not this client's to use.
    if (!identity || (options.clientId !== undefined && identity.client.client_id !== options.clientId)) continue;
    // A DPoP-bound grant is usable only with its key, and only where DPoP is not turned off.
    const dpop = grant.tokens.tokenType === 'DPoP' ? await DpopKey.restore(grant.dpopKey) : undefined;
    if (grant.tokens.tokenType === 'DPoP' && (!dpop || options.dpop === 'never')) continue;
    usable.push({
      issuer: grant.issuer,
      tokens: grant.tokens,
      grant: { as: grant.as, identity, ...(grant.resource ? { resource: grant.resource } : {}), ...(dpop ? { dpop } : {}) },
    });
    for (const t of [grant.tokens.accessToken, grant.tokens.refreshToken, identity.client.client_secret])
      exchanges.addSecret(typeof t === 'string' ? t : undefined);
  }
  return usable;
}

/** Keeps new tokens in the store for the next run. */
export async function keepGrant(
  store: GrantStore | undefined,
  serverUrl: string,
  tokens: TokenSet,
  grant: Grant,
  exchanges: AuthExchanges | undefined,
): Promise<void> {
  // A client authenticated by a private key is not saved: the key stays where the user keeps it.
  if (!store || grant.identity.client.token_endpoint_auth_method === 'private_key_jwt') return;
  const dpopKey = tokens.tokenType === 'DPoP' ? await grant.dpop?.export() : undefined;
  await store
    .save(serverUrl, {
      issuer: grant.as.issuer,
      as: grant.as,
      client: grant.identity.client,
      how: grant.identity.how,
      ...(grant.resource ? { resource: grant.resource } : {}),
      tokens,
      ...(dpopKey ? { dpopKey } : {}),
      savedAt: Date.now(),
    })
    .catch((error: unknown) => exchanges?.storeFailed('save', error));
}
