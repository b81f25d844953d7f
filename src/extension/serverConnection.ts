/**
 * The connection a Start makes, as configured: its sign-in (an HTTP server that asks for
 * authorization), the client profile it connects as, its timeouts, roots and the asks the
 * editor answers. Built here, connected by the registry.
 */
import { OAuthAuthorizer } from '../core/auth/authorizer';
import type { ClientSettings } from '../core/auth/registration';
import { McpClient } from '../core/session/client';
import type { Trace } from '../core/trace/trace';
import { clientProfileFor } from './clientProfileFor';
import type { SessionHandle } from './diagnostics/sessions';
import type { ServerEntry } from './serverEntry';
import type { RegistryDeps } from './registryContract';
import { rootsForServer } from './serverRoots';
import type { Settings } from './settings';
import { hasAuthorization, timeoutsFor, type StartPlan } from './startPlan';

export interface ConnectionContext {
  settings: Settings;
  /** The run's trace and live diagnostics (diagnostics/sessions.ts), when the editor keeps them. */
  session: SessionHandle | undefined;
  /** A restart writes on in the previous run's trace. */
  continued: Trace | undefined;
  /** The Sign In command: the browser may open, and the requests wait for the person in it. */
  signingIn: boolean;
}

/** A new client for the planned server (not connected yet), and its authorizer when it runs the OAuth flow. */
export async function connectionFor(
  deps: RegistryDeps,
  entry: ServerEntry,
  plan: StartPlan,
  context: ConnectionContext,
): Promise<{ client: McpClient; authorizer: OAuthAuthorizer | undefined }> {
  const { remote, spec, secrets } = plan;
  const { settings, session, signingIn } = context;
  const name = plan.local.name;
  // Tokens and registered secrets: masked in the log, the trace file and exports like password inputs.
  const learnSecret = (value: string) => {
    if (!secrets.includes(value)) secrets.push(value);
    session?.addSecret(value);
  };
  const authorizes = remote && deps.auth && !hasAuthorization(remote.headers);
  const assertionGrant = authorizes ? await deps.auth?.assertionGrant?.(entry.name, remote.url, signingIn) : undefined;
  const authorizer = authorizes ? authorizerFor(deps, entry, remote.url, signingIn, learnSecret, assertionGrant) : undefined;
  entry.auth = authorizer && remote ? { authorizer, url: remote.url } : undefined;
  const profile = clientProfileFor(entry.name, settings.clientProfiles);
  if (profile)
    deps.log.info(`[${name}] connecting as ${profile.name} (client profile ${profile.id}: clientInfo ${profile.clientInfo.name})`);
  const client = new McpClient(
    remote
      ? { name, url: remote.url, headers: remote.headers, secrets, ...(entry.config.type === 'sse' ? { transport: 'sse' as const } : {}) }
      : spec,
    {
      ...(authorizer ? { http: { authorizer } } : {}),
      // A client profile: the session declares what that host declares (mcpLens.clientProfiles).
      ...(profile ? { clientInfo: profile.clientInfo, declare: profile.capabilities } : { clientInfo: deps.clientInfo }),
      ...timeoutsFor(plan, signingIn, settings.requestTimeoutMs),
      trace: session?.trace ?? context.continued,
      transport: session?.transport,
      roots: rootsForServer(entry.name, settings.roots, deps.workspaceFolders()),
      // Form and URL elicitation and sampling answered in the editor (asks/); no tool_use replies, so no sampling.tools.
      ...(deps.asks ? { elicit: deps.asks.elicitFor(entry), elicitUrl: true, sample: deps.asks.sampleFor(entry) } : {}),
    },
  );
  return { client, authorizer };
}

function authorizerFor(
  deps: RegistryDeps,
  entry: ServerEntry,
  url: string,
  interactive: boolean,
  onSecret: (value: string) => void,
  client: ClientSettings = {},
): OAuthAuthorizer {
  const auth = deps.auth!;
  return new OAuthAuthorizer(url, {
    ...client,
    openUrl: (page, ended) => auth.openSignInPage(entry, page, ended),
    store: auth.store,
    interactive,
    onSecret,
    dpop: deps.settings().dpop,
  });
}
