import type * as oauth from 'oauth4webapi';
import type { TokenSet } from './authorizationCode';
import type { SavedDpopKey } from './dpop';
import { clientAuthFor, type ClientIdentity } from './registration';

/**
 * What a sign-in leaves behind for the next run: the tokens, the client this authorization
 * server knows (a registered client's secret included), and the metadata a refresh needs.
 * Only the person's own store holds it (SecretStorage in the editor, a 0600 file for the CLI).
 */
export interface SavedGrant {
  issuer: string;
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  how: ClientIdentity['how'];
  resource?: string;
  tokens: TokenSet;
  /** The key DPoP-bound tokens are bound to (RFC 9449): useless without it, and as secret as they are. */
  dpopKey?: SavedDpopKey;
  savedAt: number;
}

/**
 * Where grants are kept, one per server URL and authorization server (issuer): a server can
 * move to another authorization server, whose credentials must never go to the first one.
 */
export interface GrantStore {
  /** The grants saved for a server URL, newest first. */
  load(serverUrl: string): Promise<SavedGrant[]>;
  save(serverUrl: string, grant: SavedGrant): Promise<void>;
  /** Forgets every grant of the server URL; says how many there were. */
  clear(serverUrl: string): Promise<number>;
}

/** The client identity a saved grant describes; undefined when it cannot be rebuilt (a private key is never saved). */
export function savedIdentity(grant: SavedGrant): ClientIdentity | undefined {
  const method = typeof grant.client.token_endpoint_auth_method === 'string' ? grant.client.token_endpoint_auth_method : 'none';
  if (method === 'private_key_jwt') return undefined;
  const secret = typeof grant.client.client_secret === 'string' ? grant.client.client_secret : undefined;
  return { issuer: grant.issuer, client: grant.client, clientAuth: clientAuthFor(method, secret), how: grant.how };
}

/** A store's grants for one server as a JSON value: issuer → grant. */
export type GrantsByIssuer = Record<string, SavedGrant>;

/** The grants of one server, newest first, read leniently (a damaged entry is skipped, never thrown). */
export function grantsIn(value: unknown): SavedGrant[] {
  if (!value || typeof value !== 'object') return [];
  return Object.values(value as Record<string, unknown>)
    .filter(isSavedGrant)
    .sort((a, b) => b.savedAt - a.savedAt);
}

function isSavedGrant(v: unknown): v is SavedGrant {
  const g = v as Partial<SavedGrant> | null;
  return Boolean(
    g &&
    typeof g.issuer === 'string' &&
    g.as &&
    typeof g.as.issuer === 'string' &&
    g.client &&
    typeof g.client.client_id === 'string' &&
    g.tokens &&
    typeof g.tokens.accessToken === 'string' &&
    typeof g.savedAt === 'number',
  );
}
