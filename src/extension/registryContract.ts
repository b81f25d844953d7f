/**
 * What the server registry needs from the editor (RegistryDeps) and what it announces (a
 * launch, a restart), with the options of a Start: the registry's contract with its callers.
 */
import type { InputDefinition, ServerConfig } from '../core/config/types';
import type { DebugLaunch } from '../core/devloop/debugTarget';
import type { LostRequest } from '../core/devloop/inFlight';
import type { Lists } from '../core/devloop/listDiff';
import type { Elicit } from '../core/session/elicitation';
import type { Sample } from '../core/session/sampling';
import type { McpClient } from '../core/session/client';
import type { ClientSettings } from '../core/auth/registration';
import type { GrantStore } from '../core/auth/savedGrant';
import type { Trace } from '../core/trace/trace';
import type { Log } from './log';
import type { ResolvedForSession, SessionHandle } from './diagnostics/sessions';
import type { ServerEntry } from './serverEntry';
import type { Settings } from './settings';
import type { LaunchSpec, StartOutcome } from './startPlan';

export interface StartOptions {
  /** An HTTP server that asks for authorization may open the browser to sign in (the Sign In command). */
  signIn?: boolean;
  /**
   * Started again because a probe of the previous Start killed it: no probes this time (so no
   * loop), and that run's findings (the probe-failed among them) stay with the new one.
   */
  afterProbe?: boolean;
}

export interface RegistryDeps {
  log: Log;
  settings(): Settings;
  workspaceFolders(): string[];
  /** This editor's user-data `User` folder (its profile's `mcp.json` is there), when it is on disk. */
  vscodeUser?: string;
  resolveInput(input: InputDefinition, server: ServerConfig): Promise<string | undefined>;
  clientInfo: { name: string; version: string };
  /** Who answers a server's elicitation and sampling requests; without it the client declares neither. */
  asks?: { elicitFor(entry: ServerEntry): Elicit; sampleFor(entry: ServerEntry): Sample };
  /** The MCP authorization flow for HTTP servers: where grants are kept, and how the sign-in page opens. */
  auth?: {
    store: GrantStore;
    openSignInPage(entry: ServerEntry, url: string, ended: Promise<void>): void;
    /** A grant without a browser configured for the server (enterprise ID token, workload identity), its secrets from SecretStorage. */
    assertionGrant?(serverName: string, url: string, interactive: boolean): Promise<ClientSettings | undefined>;
    /** Sign Out: forgets that grant's stored secrets; how many there were. */
    forgetAssertionGrant?(url: string): Promise<number>;
  };
  /** Gives each start its trace, live diagnostics and stray-stdout preload (diagnostics/sessions.ts). */
  sessions?: {
    begin(
      entry: ServerEntry,
      spec: LaunchSpec,
      resolved: ResolvedForSession,
      continued?: Trace,
      options?: { carry?: boolean },
    ): SessionHandle;
  };
}

/** A server process launched (before its handshake): the debugger attaches from here. */
export interface LaunchEvent {
  entry: ServerEntry;
  client: McpClient;
  debug: DebugLaunch | undefined;
}

/** A restart finished: what the server listed before and after it. */
export interface RestartEvent {
  entry: ServerEntry;
  reason: string | undefined;
  before: Lists;
  after: Lists;
  lost: LostRequest[];
  outcome: StartOutcome;
}
