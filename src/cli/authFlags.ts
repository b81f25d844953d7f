import { DPOP_MODES, type DpopMode } from '../core/auth/dpop';
import { SIGNING_ALGORITHMS } from '../core/auth/privateKey';
import type { ClientSettings } from '../core/auth/registration';
import { ASSERTION_OPTIONS, assertionSettings, assertionWanted, type AssertionValues } from './assertionFlags';
import { UsageError } from './usageError';

/**
 * The auth option group every command that talks to an HTTP server takes: `--auth` and the
 * client flags, the token cache, DPoP, and (from assertionFlags) the grants no person takes
 * part in. What they describe is the client's settings for the MCP authorization flow.
 */
export const AUTH_OPTIONS = {
  auth: { type: 'boolean' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'client-metadata-url': { type: 'string' },
  'no-token-cache': { type: 'boolean' },
  dpop: { type: 'string' },
  ...ASSERTION_OPTIONS,
} as const;

export interface AuthValues extends AssertionValues {
  auth?: boolean;
  'client-id'?: string;
  'client-secret'?: string;
  'client-metadata-url'?: string;
  'no-token-cache'?: boolean;
  dpop?: string;
}

/** `--dpop auto|always|never`, else MCP_LENS_DPOP (for CI, where the flags are in a shared script); undefined: auto. */
export function dpopMode(command: string, flag: string | undefined): DpopMode | undefined {
  const value = flag ?? (process.env.MCP_LENS_DPOP || undefined);
  if (value === undefined) return undefined;
  if (!(DPOP_MODES as readonly string[]).includes(value)) {
    throw new UsageError(
      `${command}: ${flag !== undefined ? '--dpop' : 'MCP_LENS_DPOP'} takes ${DPOP_MODES.join(', ')}, got ${JSON.stringify(value)}`,
    );
  }
  return value as DpopMode;
}

export function authWanted(values: AuthValues): boolean {
  return (
    values.auth === true ||
    values['client-id'] !== undefined ||
    values['client-secret'] !== undefined ||
    values['client-metadata-url'] !== undefined ||
    assertionWanted(values)
  );
}

/** `--auth [--client-id ID [--client-secret SECRET]] [--client-metadata-url URL]`; a client flag implies --auth. */
export function authSettings(command: string, values: AuthValues): ClientSettings | undefined {
  if (!authWanted(values)) return undefined;
  const clientId = values['client-id'];
  const clientSecret = values['client-secret'];
  const clientMetadataUrl = values['client-metadata-url'];
  if (clientId === '') throw new UsageError(`${command}: --client-id needs the id the authorization server registered this client under`);
  if (clientSecret !== undefined && clientId === undefined) throw new UsageError(`${command}: --client-secret goes with --client-id`);
  if (clientSecret === '') throw new UsageError(`${command}: --client-secret needs a value`);
  if (clientMetadataUrl !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(clientMetadataUrl);
    } catch {
      url = undefined;
    }
    // "Client ID Metadata Documents": the client_id is an https URL with a path.
    if (url?.protocol !== 'https:' || url.pathname === '/')
      throw new UsageError(`${command}: --client-metadata-url must be the https URL (with a path) of this client's metadata document`);
  }
  // A private key stays off the command line: MCP_LENS_CLIENT_PRIVATE_KEY (PKCS #8 PEM) and
  // MCP_LENS_CLIENT_SIGNING_ALG (default ES256) give private_key_jwt to the --client-id client.
  const privateKeyPem = clientId !== undefined ? process.env.MCP_LENS_CLIENT_PRIVATE_KEY || undefined : undefined;
  const signingAlgorithm = process.env.MCP_LENS_CLIENT_SIGNING_ALG || undefined;
  if (privateKeyPem && signingAlgorithm && !SIGNING_ALGORITHMS.includes(signingAlgorithm)) {
    throw new UsageError(
      `${command}: MCP_LENS_CLIENT_SIGNING_ALG must be one of ${SIGNING_ALGORITHMS.join(', ')}, got ${JSON.stringify(signingAlgorithm)}`,
    );
  }
  const assertionGrant = assertionSettings(command, values, clientId);
  return {
    ...(assertionGrant ? { assertionGrant } : {}),
    ...(clientId !== undefined ? { clientId } : {}),
    ...(clientSecret !== undefined ? { clientSecret } : {}),
    ...(clientMetadataUrl !== undefined ? { clientMetadataUrl } : {}),
    ...(privateKeyPem ? { privateKeyPem, ...(signingAlgorithm ? { signingAlgorithm } : {}) } : {}),
  };
}
