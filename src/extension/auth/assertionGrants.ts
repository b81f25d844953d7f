import { readFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { AssertionGrantSettings, TokenSource } from '../../core/auth/assertionGrant';
import type { ClientSettings } from '../../core/auth/registration';
import { SignInRequiredError } from '../../core/auth/signInRequired';
import type { Log } from '../log';
import { askText, say } from '../shown';

/** One entry of `mcpLens.auth.assertionGrants`: how a server is authorized without a browser. Secrets are never here. */
interface GrantConfig {
  grant?: unknown;
  clientId?: unknown;
  idpIssuer?: unknown;
  idpTokenEndpoint?: unknown;
  idpClientId?: unknown;
  idTokenFile?: unknown;
  tokenFile?: unknown;
  tokenEnv?: unknown;
}

/** The credentials kept in SecretStorage, per server URL. */
type SecretKind = 'client-secret' | 'idp-client-secret' | 'id-token' | 'workload-token';
const KINDS: SecretKind[] = ['client-secret', 'idp-client-secret', 'id-token', 'workload-token'];
const KEY_PREFIX = 'mcpLens.assertionGrant:';

/**
 * Enterprise-managed authorization and workload identity in the editor: what the settings say
 * (`mcpLens.auth.assertionGrants`, by server name or `*`), with the secrets (client secrets, a
 * pasted ID token or workload token) in SecretStorage. A secret not stored yet is asked for at
 * Sign In; a start without Sign In that lacks one stops at *needs sign-in*.
 */
export class AssertionGrantCredentials {
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly log: Log,
  ) {}

  /** The client settings for this server's configured grant, or undefined when none is configured (or the entry is unusable, said in the log). */
  async settingsFor(serverName: string, url: string, interactive: boolean): Promise<ClientSettings | undefined> {
    const all = vscode.workspace.getConfiguration('mcpLens').get<Record<string, GrantConfig>>('auth.assertionGrants', {});
    const config = all[serverName] ?? all['*'];
    if (!config) return undefined;
    const problem = configProblem(config);
    if (problem) {
      this.log.warn(`[${serverName}] mcpLens.auth.assertionGrants: ${problem}; the usual sign-in is used instead`);
      return undefined;
    }
    const clientId = typeof config.clientId === 'string' ? config.clientId : undefined;
    // Asked once at Sign In (an empty answer: a public client), kept for the starts after it.
    const clientSecret = clientId
      ? await this.optionalSecret(
          url,
          'client-secret',
          interactive,
          say`Client secret of ${clientId} at the MCP server's authorization server (empty: none)`,
        )
      : '';
    let grant: AssertionGrantSettings;
    if (config.grant === 'enterprise') {
      const idpSecret = await this.optionalSecret(
        url,
        'idp-client-secret',
        interactive,
        say`Client secret of ${String(config.idpClientId)} at the enterprise IdP (empty: none)`,
      );
      const undecided = clientSecret === undefined || idpSecret === undefined;
      const idToken =
        typeof config.idTokenFile === 'string'
          ? fileSource(config.idTokenFile)
          : this.storedSource(url, 'id-token', interactive, say`The ID token the enterprise IdP issued you (a JWT)`);
      grant = {
        enterprise: {
          // A start that may not ask stops before the IdP while a secret is still unknown.
          idToken: undecided
            ? {
                source: idToken.source,
                read: () => Promise.reject(new SignInRequiredError(String(config.idpIssuer ?? config.idpTokenEndpoint))),
              }
            : idToken,
          idp: {
            ...(typeof config.idpIssuer === 'string' ? { issuer: config.idpIssuer } : {}),
            ...(typeof config.idpTokenEndpoint === 'string' ? { tokenEndpoint: config.idpTokenEndpoint } : {}),
            clientId: String(config.idpClientId),
            ...(idpSecret ? { clientSecret: idpSecret } : {}),
          },
        },
      };
    } else {
      grant = {
        workload:
          typeof config.tokenFile === 'string'
            ? fileSource(config.tokenFile)
            : typeof config.tokenEnv === 'string'
              ? envSource(config.tokenEnv)
              : this.storedSource(url, 'workload-token', interactive, say`The workload identity token (a JWT) for ${url}`),
      };
    }
    return { assertionGrant: grant, ...(clientId ? { clientId } : {}), ...(clientSecret ? { clientSecret } : {}) };
  }

  /** Sign Out: the stored secrets of this server's grant are forgotten (how many there were). */
  async forget(url: string): Promise<number> {
    let count = 0;
    for (const kind of KINDS) {
      if ((await this.secrets.get(key(url, kind))) === undefined) continue;
      await this.secrets.delete(key(url, kind));
      count++;
    }
    return count;
  }

  /** A secret that may be empty: undefined while it was never asked (and may not be now). */
  private async optionalSecret(
    url: string,
    kind: SecretKind,
    interactive: boolean,
    prompt: ReturnType<typeof say>,
  ): Promise<string | undefined> {
    const stored = await this.secrets.get(key(url, kind));
    if (stored !== undefined || !interactive) return stored;
    const value = await askText({ title: say`MCP Lens: sign in to ${url}`, prompt, password: true, ignoreFocusOut: true });
    if (value === undefined) return undefined;
    await this.secrets.store(key(url, kind), value);
    return value;
  }

  /** A token pasted once at Sign In and kept in SecretStorage; a start that may not ask for it needs a sign-in. */
  private storedSource(url: string, kind: SecretKind, interactive: boolean, prompt: ReturnType<typeof say>): TokenSource {
    return {
      source: 'SecretStorage',
      read: async () => {
        const stored = await this.secrets.get(key(url, kind));
        if (stored) return stored;
        if (!interactive) throw new SignInRequiredError(url);
        const value = await askText({ title: say`MCP Lens: sign in to ${url}`, prompt, password: true, ignoreFocusOut: true });
        if (!value) throw new Error('no token was given');
        await this.secrets.store(key(url, kind), value.trim());
        return value;
      },
    };
  }
}

function key(url: string, kind: SecretKind): string {
  return `${KEY_PREFIX}${url}#${kind}`;
}

function fileSource(file: string): TokenSource {
  return { source: file, read: () => readFile(file, 'utf8') };
}

function envSource(variable: string): TokenSource {
  return {
    source: `$${variable}`,
    read: () =>
      process.env[variable]
        ? Promise.resolve(process.env[variable])
        : Promise.reject(new Error(`the environment variable ${variable} is not set in the editor's environment`)),
  };
}

/** What makes an entry unusable, said the way the settings name it. */
function configProblem(c: GrantConfig): string | undefined {
  const text = (v: unknown) => v === undefined || (typeof v === 'string' && v !== '');
  if (
    !['clientId', 'idpIssuer', 'idpTokenEndpoint', 'idpClientId', 'idTokenFile', 'tokenFile', 'tokenEnv'].every((k) =>
      text(c[k as keyof GrantConfig]),
    )
  )
    return 'every field is a non-empty string';
  if (c.grant === 'workload')
    return c.tokenFile !== undefined && c.tokenEnv !== undefined
      ? '"tokenFile" and "tokenEnv" are two sources of the one token; give one'
      : undefined;
  if (c.grant !== 'enterprise') return `"grant" is "enterprise" or "workload", not ${JSON.stringify(c.grant)}`;
  if (c.clientId === undefined)
    return 'enterprise-managed authorization needs "clientId" (this client at the MCP server\'s authorization server)';
  if (c.idpClientId === undefined) return 'enterprise-managed authorization needs "idpClientId" (this client at the IdP)';
  if (c.idpIssuer === undefined && c.idpTokenEndpoint === undefined)
    return 'enterprise-managed authorization needs "idpIssuer" or "idpTokenEndpoint"';
  return undefined;
}
