import { exitSentence, exitStory } from '../../core/diagnose/exitStory';
import { OAuthAuthorizer } from '../../core/auth/authorizer';
import { clientProfile } from '../../core/hosts/clientProfiles';
import { describeError } from '../../core/session/errors';
import { ConnectionClosedError, McpClient, type ClientOptions, type HttpServerSpec, type ServerSpec } from '../../core/session/client';
import { probeBounds } from '../../core/session/clientOptions';
import { rootsFromPaths } from '../../core/session/roots';
import type { CliAnswerers } from './serverAsks';
import { isRemote, type ServerTarget } from '../serverTarget';
import { version } from '../version';
import { FileGrantStore, tokenCacheFile } from '../tokenCache';

/**
 * A client for one CLI run (stdio or Streamable HTTP); the request timeout also bounds the era
 * probe, whose budget for a server that has written nothing yet (a cold npx/uvx start) is the
 * longer of the two. With answerers the client declares elicitation (form and URL), sampling
 * and roots, and answers them.
 */
export function createClient(server: ServerTarget, timeoutMs: number, answerers?: CliAnswerers, session: SessionOptions = {}): McpClient {
  return new McpClient(clientSpec(server), { ...clientOptions(server, timeoutMs, answerers), ...session });
}

/** What the client connects to: the command it spawns, or the URL with its headers and secrets. */
export function clientSpec(server: ServerTarget): ServerSpec | HttpServerSpec {
  return isRemote(server)
    ? { url: server.url, headers: server.headers, secrets: server.secrets, ...(server.transport ? { transport: server.transport } : {}) }
    : { command: server.command, args: server.args };
}

/**
 * The options of every client a CLI command makes for `server` (fuzz makes one per restart:
 * over HTTP each is a new session, and the authorizer, made once here, keeps the grant).
 */
export function clientOptions(server: ServerTarget, timeoutMs: number, answerers?: CliAnswerers): ClientOptions {
  const profile = server.clientProfile === undefined ? undefined : clientProfile(server.clientProfile);
  return {
    clientInfo: profile?.clientInfo ?? { name: 'mcp-lens', version },
    // A profile declares what its host declares; roots/list needs no one to answer it, so a
    // declared `roots` is answered (with the working directory) as that host would.
    ...(profile ? { declare: profile.capabilities, roots: rootsFromPaths([process.cwd()]) } : {}),
    requestTimeoutMs: timeoutMs,
    maxTimeoutMs: Math.max(timeoutMs, 10 * timeoutMs),
    // A stdio server may ignore server/discover, so the probe gives up soon; over HTTP every
    // POST is answered ("fall back to initialize" when the answer is not a modern one), so a
    // slow server/discover is still an answer worth waiting for.
    ...probeBounds(timeoutMs),
    ...(isRemote(server) ? { probeTimeoutMs: timeoutMs } : {}),
    ...(answerers ? { elicit: answerers.elicit, elicitUrl: true, sample: answerers.sample, roots: answerers.roots } : {}),
    ...(isRemote(server) && server.auth
      ? {
          http: {
            authorizer: new OAuthAuthorizer(server.url, {
              ...server.auth,
              openUrl: showAuthorizationUrl,
              ...(server.tokenCache ? { store: new FileGrantStore(tokenCacheFile()) } : {}),
              ...(server.dpop ? { dpop: server.dpop } : {}),
            }),
          },
        }
      : {}),
  };
}

/** How one client of a run relates to the others: `check`'s restart shares the trace and continues its ids; its legacy-era client offers no modern revision. */
export type SessionOptions = Pick<ClientOptions, 'trace' | 'firstId' | 'modernVersions'>;

/** `--auth`: the person opens the authorization URL in a browser; the browser comes back to the loopback listener. */
function showAuthorizationUrl(url: string): void {
  process.stderr.write(`mcp-lens: the server asks for authorization. Open this address in a browser to sign in:\n  ${url}\n`);
}

/** A failure told by the exit when the server died (code and stderr reason, as everywhere else), else by the error. */
export function describeFailure(client: McpClient, error: unknown): string {
  const story = error instanceof ConnectionClosedError ? exitStory(client.trace.events) : undefined;
  return story ? `the server ${exitSentence(story)}` : describeError(error);
}
