import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { AssertionGrantSettings, TokenSource } from '../core/auth/assertionGrant';
import { UsageError } from './usageError';

/**
 * The flags of the grants no person takes part in, which every command that talks to a server
 * takes (with TARGET_OPTIONS): enterprise-managed authorization (an ID token exchanged at the
 * enterprise IdP) and workload identity federation (a CI job's or pod's own JWT). Tokens and
 * secrets stay off the command line: a file, or the name of the environment variable holding them.
 */
export const ASSERTION_OPTIONS = {
  'idp-issuer': { type: 'string' },
  'idp-token-endpoint': { type: 'string' },
  'idp-client-id': { type: 'string' },
  'id-token-file': { type: 'string' },
  'id-token-env': { type: 'string' },
  'workload-token-file': { type: 'string' },
  'workload-token-env': { type: 'string' },
} as const;

export interface AssertionValues {
  'idp-issuer'?: string;
  'idp-token-endpoint'?: string;
  'idp-client-id'?: string;
  'id-token-file'?: string;
  'id-token-env'?: string;
  'workload-token-file'?: string;
  'workload-token-env'?: string;
}

/** This client's secret at the enterprise IdP, when it has one (a confidential IdP client). */
export const IDP_SECRET_VARIABLE = 'MCP_LENS_IDP_CLIENT_SECRET';

const ENTERPRISE_FLAGS = ['idp-issuer', 'idp-token-endpoint', 'idp-client-id', 'id-token-file', 'id-token-env'] as const;
const WORKLOAD_FLAGS = ['workload-token-file', 'workload-token-env'] as const;

/** Any of these flags asks for the MCP authorization flow (they imply --auth). */
export function assertionWanted(values: AssertionValues): boolean {
  return [...ENTERPRISE_FLAGS, ...WORKLOAD_FLAGS].some((f) => values[f] !== undefined);
}

/** The grant the flags describe, checked as far as it can be before a server is asked: the token's file or variable is there. */
export function assertionSettings(
  command: string,
  values: AssertionValues,
  clientId: string | undefined,
): AssertionGrantSettings | undefined {
  const enterprise = ENTERPRISE_FLAGS.some((f) => values[f] !== undefined);
  const workload = WORKLOAD_FLAGS.some((f) => values[f] !== undefined);
  if (!enterprise && !workload) return undefined;
  if (enterprise && workload)
    throw new UsageError(
      `${command}: the --idp-*/--id-token-* flags (enterprise-managed authorization) and --workload-token-* (workload identity) are two ways to authorize; give one`,
    );
  if (workload) return { workload: tokenSource(command, 'workload-token', values['workload-token-file'], values['workload-token-env']) };
  const issuer = values['idp-issuer'];
  const tokenEndpoint = values['idp-token-endpoint'];
  const idpClientId = values['idp-client-id'];
  if (issuer === undefined && tokenEndpoint === undefined)
    throw new UsageError(
      `${command}: enterprise-managed authorization needs the IdP: --idp-issuer URL (its token endpoint is discovered) or --idp-token-endpoint URL`,
    );
  for (const [flag, value] of [
    ['--idp-issuer', issuer],
    ['--idp-token-endpoint', tokenEndpoint],
  ] as const) {
    if (value !== undefined && !isHttpUrl(value))
      throw new UsageError(`${command}: ${flag} takes the IdP's http(s) URL, got ${JSON.stringify(value)}`);
  }
  if (!idpClientId)
    throw new UsageError(`${command}: enterprise-managed authorization needs --idp-client-id ID, this client's id at the IdP`);
  if (!clientId)
    throw new UsageError(
      `${command}: enterprise-managed authorization needs --client-id ID (and --client-secret), this client as the MCP server's authorization server registered it`,
    );
  const idpSecret = process.env[IDP_SECRET_VARIABLE] || undefined;
  return {
    enterprise: {
      idToken: tokenSource(command, 'id-token', values['id-token-file'], values['id-token-env']),
      idp: {
        ...(issuer ? { issuer } : {}),
        ...(tokenEndpoint ? { tokenEndpoint } : {}),
        clientId: idpClientId,
        ...(idpSecret ? { clientSecret: idpSecret } : {}),
      },
    },
  };
}

/** `--NAME-file PATH` (read again at each authorization: such tokens are rotated) or `--NAME-env VARIABLE`; exactly one. */
function tokenSource(command: string, name: string, file: string | undefined, variable: string | undefined): TokenSource {
  if ((file === undefined) === (variable === undefined))
    throw new UsageError(`${command}: give the token with one of --${name}-file PATH or --${name}-env VARIABLE`);
  if (file !== undefined) {
    if (file === '' || !existsSync(file)) throw new UsageError(`${command}: --${name}-file: no file ${JSON.stringify(file)}`);
    return { read: () => readFile(file, 'utf8'), source: file };
  }
  const value = process.env[variable!];
  if (!value) throw new UsageError(`${command}: --${name}-env: the environment variable ${JSON.stringify(variable)} is not set`);
  return { read: () => Promise.resolve(process.env[variable!] ?? value), source: `$${variable}` };
}

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}
