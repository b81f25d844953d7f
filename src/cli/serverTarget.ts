import type { DpopMode } from '../core/auth/dpop';
import type { ClientSettings } from '../core/auth/registration';
import { CLIENT_PROFILES, clientProfile } from '../core/hosts/clientProfiles';
import { assertionWanted } from './assertionFlags';
import { AUTH_OPTIONS, authSettings, authWanted, dpopMode, type AuthValues } from './authFlags';
import type { OptionValues } from './cliParser';
import { UsageError } from './usageError';

/**
 * The transport option group: which server a command talks to, a stdio one (`-- CMD`) or an
 * HTTP one (`--url` with its headers, token and transport), with the auth group beside it.
 */

/** A stdio server: the command line after `--`. */
export interface ServerCommand {
  command: string;
  args: string[];
  /** `--client-profile NAME`: declare what that host declares (clientInfo, capabilities). */
  clientProfile?: string;
}

/** A Streamable HTTP server: `--url`, with `--header` and `--token` (DESIGN.md §7). */
export interface RemoteServer {
  url: string;
  headers: Record<string, string>;
  /** Values never to be shown in traces or reports (the token). */
  secrets: string[];
  /** `--auth` and its client flags: run the MCP authorization flow when the server asks for it. */
  auth?: ClientSettings;
  /** Reuse and keep grants in the token cache between runs (`--no-token-cache`: this run only). */
  tokenCache?: boolean;
  /** `--dpop MODE` (or MCP_LENS_DPOP): DPoP-bound tokens (RFC 9449) auto, always or never. */
  dpop?: DpopMode;
  /** `--transport sse`: the HTTP+SSE transport of 2024-11-05 (else Streamable HTTP, falling back to it on a 4xx). */
  transport?: 'sse';
  clientProfile?: string;
}

export type ServerTarget = ServerCommand | RemoteServer;

export function isRemote(target: ServerTarget): target is RemoteServer {
  return 'url' in target;
}

/** The options every command that talks to a server takes besides `-- CMD`. */
export const TARGET_OPTIONS = {
  url: { type: 'string' },
  transport: { type: 'string' },
  header: { type: 'string', multiple: true },
  token: { type: 'string' },
  'client-profile': { type: 'string' },
  ...AUTH_OPTIONS,
} as const;

export interface TargetValues extends AuthValues {
  url?: string;
  transport?: string;
  header?: string[];
  token?: string;
  'client-profile'?: string;
}

/** RFC 9110 field-name: a token. */
const FIELD_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** `--header 'Name: value'`, as curl takes it. */
function parseHeader(command: string, text: string): [string, string] {
  const colon = text.indexOf(':');
  const name = colon < 0 ? '' : text.slice(0, colon).trim();
  if (!FIELD_NAME.test(name)) {
    throw new UsageError(`${command}: --header takes 'Name: value', got ${JSON.stringify(text)}`);
  }
  return [name, text.slice(colon + 1).trim()];
}

/** A command's name, its parsed flags, the words after `--`, its bare words, and how to read a stdio command from them. */
type TargetWords = [command: string, values: TargetValues, server: string[] | undefined, bare: string[], stdio: () => ServerCommand];

/**
 * `--url URL [--header 'K: V']… [--token T]`, or else the stdio server command that
 * `stdio()` reads from the words after `--`. Exactly one of the two; either may run as a
 * host (`--client-profile NAME`).
 */
export function serverTarget(...target: TargetWords): ServerTarget {
  const [command, values] = target;
  const profile = values['client-profile'];
  if (profile !== undefined && !clientProfile(profile)) {
    throw new UsageError(
      `${command}: unknown client profile ${JSON.stringify(profile)} (known: ${CLIENT_PROFILES.map((p) => p.id).join(', ')})`,
    );
  }
  const connection = connectionTarget(...target);
  return profile === undefined ? connection : { ...connection, clientProfile: profile };
}

function connectionTarget(...[command, values, server, bare, stdio]: TargetWords): ServerTarget {
  if (values.url === undefined) {
    rejectRemoteFlags(command, values);
    return stdio();
  }
  if (server !== undefined || bare.length > 0) {
    throw new UsageError(`${command}: give either --url or a server command after --, not both`);
  }
  if (values.url === '') throw new UsageError(`${command}: --url needs the server's address, e.g. --url http://127.0.0.1:3000/mcp`);
  const headers: Record<string, string> = {};
  for (const text of values.header ?? []) {
    const [name, value] = parseHeader(command, text);
    headers[name] = value;
  }
  const secrets: string[] = [];
  if (values.token !== undefined) {
    if (values.token === '') throw new UsageError(`${command}: --token needs a value`);
    // RFC 6750 §2.1: "Authorization: Bearer <token>".
    headers.Authorization = `Bearer ${values.token}`;
    secrets.push(values.token);
  }
  const auth = authSettings(command, values);
  if (auth?.clientSecret) secrets.push(auth.clientSecret);
  const transport = remoteTransport(command, values.transport);
  const dpop = auth ? dpopMode(command, values.dpop) : undefined;
  if (!auth && values.dpop !== undefined)
    throw new UsageError(`${command}: --dpop goes with --auth (it says how the tokens of the authorization flow are bound)`);
  return {
    url: values.url,
    headers,
    secrets,
    ...(auth ? { auth, tokenCache: values['no-token-cache'] !== true } : {}),
    ...(dpop ? { dpop } : {}),
    ...(transport ? { transport } : {}),
  };
}

/** Without --url: the flags that only an HTTP server takes are a mistake, said as such. */
export function rejectRemoteFlags(command: string, values: TargetValues): void {
  if (values.header?.length || values.token !== undefined) {
    throw new UsageError(`${command}: --header and --token go with --url (a stdio server takes its settings on its own command line)`);
  }
  if (values.transport !== undefined)
    throw new UsageError(`${command}: --transport goes with --url (a command after -- is a stdio server)`);
  if (assertionWanted(values))
    throw new UsageError(
      `${command}: the --idp-*, --id-token-* and --workload-token-* flags go with --url (the MCP authorization flow is for HTTP servers)`,
    );
  if (authWanted(values) || values['no-token-cache'] || values.dpop !== undefined)
    throw new UsageError(
      `${command}: --auth, --no-token-cache and the --client-* flags go with --url (the MCP authorization flow is for HTTP servers)`,
    );
}

/** `--transport http|sse`: the names "type" takes in mcp.json (VS Code, Claude); `http` is the default. */
function remoteTransport(command: string, value: string | undefined): 'sse' | undefined {
  if (value === undefined || value === 'http' || value === 'streamable-http') return undefined;
  if (value === 'sse') return 'sse';
  throw new UsageError(`${command}: --transport takes http (Streamable HTTP) or sse (HTTP+SSE, 2024-11-05), got ${JSON.stringify(value)}`);
}

/** The stdio server's command line: the words after `--`, else the bare words (`mcp-lens check node s.js`). */
export function stdioCommand(command: string, server: string[] | undefined, positionals: string[]): ServerCommand {
  const words = server ?? positionals;
  if (server !== undefined && positionals.length > 0) {
    throw new UsageError(`${command}: unexpected argument ${JSON.stringify(positionals[0])} before --`);
  }
  if (words.length === 0 || words[0] === '') throw new UsageError(`${command}: missing the server command after --`);
  return { command: words[0], args: words.slice(1) };
}

/** `--url …` or the server command, for a command that read its options with TARGET_OPTIONS. */
export function target(command: string, values: OptionValues, server: string[] | undefined, bare: string[]): ServerTarget {
  return serverTarget(command, values as TargetValues, server, bare, () => stdioCommand(command, server, bare));
}

/** A command that needs a server: neither `-- CMD` nor `--url` is this mistake, said as `missing`. */
export function requireServer(values: OptionValues, server: string[] | undefined, missing: string): void {
  if (server === undefined && values.url === undefined) throw new UsageError(missing);
}
