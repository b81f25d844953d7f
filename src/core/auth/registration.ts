import * as oauth from 'oauth4webapi';
import { clientSecretBasic } from './clientSecretBasic';
import { AuthorizationError } from './errors';
import type { AuthExchanges } from './exchanges';
import type { AssertionGrantSettings } from './assertionGrant';
import { importPrivateKey, type SigningKey } from './privateKey';
import { requestOptions } from './requestOptions';
import { absent } from '../util/ignored';

/** How the user identifies this client (`--client-id/--client-secret`, `--client-metadata-url`). */
export interface ClientSettings {
  clientId?: string;
  clientSecret?: string;
  clientMetadataUrl?: string;
  /** A pre-registered client's private key (PKCS #8 PEM) for private_key_jwt (RFC 7523), and its JWS algorithm. */
  privateKeyPem?: string;
  signingAlgorithm?: string;
  /** A grant on a JWT the client is given (enterprise ID token, workload identity), in place of a sign-in. */
  assertionGrant?: AssertionGrantSettings;
}

/** A client known to one authorization server, and how it authenticates at the token endpoint. */
export interface ClientIdentity {
  issuer: string;
  client: oauth.Client;
  clientAuth: oauth.ClientAuth;
  how: 'pre-registered' | 'metadata-document' | 'dynamic';
}

/** The name this client registers under. */
const CLIENT_NAME = 'MCP Lens';

/**
 * The MCP spec's order of client identification: a pre-registered client id when the user
 * has one; "Client ID Metadata Documents" when the server advertises
 * `client_id_metadata_document_supported`; else Dynamic Client Registration (RFC 7591).
 */
export async function identifyClient(
  as: oauth.AuthorizationServer,
  settings: ClientSettings,
  redirectUri: string,
  exchanges: AuthExchanges,
): Promise<ClientIdentity> {
  if (settings.clientId && settings.privateKeyPem) {
    const alg = settings.signingAlgorithm ?? 'ES256';
    let key: SigningKey;
    try {
      key = await importPrivateKey(settings.privateKeyPem, alg);
    } catch (err) {
      throw new AuthorizationError(
        'auth-registration',
        `The client's private key cannot be used: ${describe(err)}`,
        'Give a PKCS #8 PEM private key that matches the signing algorithm (ES256 unless said otherwise).',
        [],
      );
    }
    // RFC 7523 §3: the assertion's audience is the authorization server's issuer.
    return {
      issuer: as.issuer,
      client: { client_id: settings.clientId, token_endpoint_auth_method: 'private_key_jwt' },
      clientAuth: oauth.PrivateKeyJwt(key),
      how: 'pre-registered',
    };
  }
  if (settings.clientId) {
    const secret = settings.clientSecret;
    const method = secret ? secretMethod(as) : 'none';
    return {
      issuer: as.issuer,
      client: { client_id: settings.clientId, token_endpoint_auth_method: method },
      clientAuth: clientAuthFor(method, secret),
      how: 'pre-registered',
    };
  }
  if (settings.clientMetadataUrl && as.client_id_metadata_document_supported === true) {
    // The document's URL is the client_id; a public client (token_endpoint_auth_method "none").
    return {
      issuer: as.issuer,
      client: { client_id: settings.clientMetadataUrl, token_endpoint_auth_method: 'none' },
      clientAuth: oauth.None(),
      how: 'metadata-document',
    };
  }
  if (!as.registration_endpoint) {
    throw new AuthorizationError(
      'auth-registration',
      `The authorization server ${as.issuer} offers no registration endpoint${settings.clientMetadataUrl ? ' and does not advertise client ID metadata documents' : ''}, and no client id was given`,
      'Give a pre-registered client with --client-id (and --client-secret), or let the authorization server advertise "registration_endpoint" (RFC 7591) or "client_id_metadata_document_supported".',
      [exchanges.lastSeq.get('server-metadata') ?? 0].filter((s) => s > 0),
    );
  }
  return register(as, redirectUri, exchanges);
}

/** RFC 7591 §3.1: register a native client with the loopback redirect URI. */
async function register(as: oauth.AuthorizationServer, redirectUri: string, exchanges: AuthExchanges): Promise<ClientIdentity> {
  const supported = as.token_endpoint_auth_methods_supported;
  // A public client when the server takes one; else the confidential method it lists first.
  const wanted =
    !supported || supported.includes('none')
      ? 'none'
      : supported.includes('client_secret_basic')
        ? 'client_secret_basic'
        : 'client_secret_post';
  let registered: oauth.Client;
  try {
    const res = await oauth.dynamicClientRegistrationRequest(
      as,
      {
        client_name: CLIENT_NAME,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: wanted,
        // SEP-837: "clients MUST specify an appropriate application_type"; a CLI on the user's machine is native.
        application_type: 'native',
      },
      requestOptions(exchanges, 'registration'),
    );
    registered = await registeredClient(res);
  } catch (err) {
    throw new AuthorizationError(
      'auth-registration',
      `Dynamic client registration at ${as.registration_endpoint} failed: ${describe(err)}`,
      'RFC 7591 §3.2.1: a successful registration answers 201 with a JSON object carrying "client_id". Its error response says what the server refused.',
      [exchanges.lastSeq.get('registration') ?? 0].filter((s) => s > 0),
    );
  }
  exchanges.addSecret(typeof registered.client_secret === 'string' ? registered.client_secret : undefined);
  const secret = typeof registered.client_secret === 'string' ? registered.client_secret : undefined;
  const method =
    typeof registered.token_endpoint_auth_method === 'string' ? registered.token_endpoint_auth_method : secret ? secretMethod(as) : 'none';
  return {
    issuer: as.issuer,
    client: { ...registered, token_endpoint_auth_method: method },
    clientAuth: clientAuthFor(method, secret),
    how: 'dynamic',
  };
}

/**
 * RFC 7591 §3.2.1: "the authorization server returns an HTTP 201 Created status code" with the
 * client information, "client_id" REQUIRED. Read leniently beyond that (servers commonly omit
 * "client_secret_expires_at"), since what the flow needs is the id, the secret and the method.
 */
async function registeredClient(res: Response): Promise<oauth.Client> {
  if (res.status !== 201 && res.status !== 200) {
    const body = (await res.json().catch(absent)) as { error?: unknown; error_description?: unknown } | undefined;
    const said =
      typeof body?.error === 'string'
        ? `${body.error}${typeof body.error_description === 'string' ? ` (${body.error_description})` : ''}`
        : 'no RFC 7591 error object';
    throw new Error(`HTTP ${res.status}: ${said}`);
  }
  const json = (await res.json().catch(absent)) as Record<string, unknown> | undefined;
  if (!json || typeof json.client_id !== 'string' || json.client_id === '')
    throw new Error('the response is not a JSON object with a "client_id" string');
  return json as oauth.Client;
}

/** RFC 8414 §2: with no `token_endpoint_auth_methods_supported`, "the default is client_secret_basic". */
function secretMethod(as: oauth.AuthorizationServer): string {
  const supported = as.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  return supported.includes('client_secret_basic')
    ? 'client_secret_basic'
    : supported.includes('client_secret_post')
      ? 'client_secret_post'
      : 'client_secret_basic';
}

export function clientAuthFor(method: string, secret: string | undefined): oauth.ClientAuth {
  if (method === 'client_secret_post' && secret) return oauth.ClientSecretPost(secret);
  if (method === 'client_secret_basic' && secret) return clientSecretBasic(secret);
  return oauth.None();
}

export function describe(err: unknown): string {
  if (err instanceof oauth.ResponseBodyError)
    return `HTTP ${err.status}: ${err.error}${err.error_description ? ` (${err.error_description})` : ''}`;
  return err instanceof Error ? err.message : String(err);
}
