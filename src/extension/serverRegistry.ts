import * as os from 'node:os';
import * as vscode from 'vscode';
import { loadConfigs, type LoadedConfig } from '../core/config/load';
import { InputCancelledError, resolveServer, type ResolvedServer } from '../core/config/resolve';
import { resolveRemoteServer } from '../core/config/resolveRemote';
import type { ConfigProblem, InputDefinition, ServerConfig } from '../core/config/types';
import { planDebugLaunch, type DebugLaunch } from '../core/devloop/debugTarget';
import { describeRequest } from '../core/diagnose/describe';
import { requestsInFlight, type LostRequest } from '../core/devloop/inFlight';
import type { Lists } from '../core/devloop/listDiff';
import type { Elicit } from '../core/session/elicitation';
import type { Sample } from '../core/session/sampling';
import { rootsForServer, sameRoots } from './serverRoots';
import { clientProfileFor } from './clientProfileFor';
import { listSkills } from '../core/skills/listing';
import { skillsDeclaration } from '../core/skills/protocol';
import { McpClient, ProtocolError } from '../core/session/client';
import { ListChangeStream } from '../core/session/listChanges';
import { OAuthAuthorizer } from '../core/auth/authorizer';
import type { ClientSettings } from '../core/auth/registration';
import type { GrantStore } from '../core/auth/savedGrant';
import { signOutOf, type SignOutOutcome } from '../core/auth/revocation';
import type { Trace } from '../core/trace/trace';
import { exitSentence, exitStory } from '../core/diagnose/exitStory';
import { describeFailure, stderrTail, type Failure } from './failure';
import { Disposable } from './lifecycle';
import type { Log } from './log';
import { collectSecrets } from './diagnostics/liveSession';
import { probeOnStart } from './probeOnStart';
import type { ResolvedForSession, SessionHandle } from './diagnostics/sessions';
import { SerialRefresh } from './serialRefresh';
import { LIST_KINDS, ServerEntry, type ListKind } from './serverEntry';
import type { Settings } from './settings';
import { LogBudget } from './logBudget';
import { logTraceEvent, redactor } from './traceLog';
import { SIGN_IN_TIMEOUT_MS } from '../core/auth/signInTimeout';
import { settled } from '../core/util/ignored';

export type StartOutcome = { ok: true } | { ok: false; reason: string; failure?: Failure; cancelled?: boolean; needsSignIn?: boolean };

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
  sessions?: { begin(entry: ServerEntry, spec: { name: string; command: string; args: string[]; cwd: string; env: Record<string, string> }, resolved: ResolvedForSession, continued?: Trace, options?: { carry?: boolean }): SessionHandle };
}

/** A server process launched (before its handshake): the debugger attaches from here. */
export interface LaunchEvent {
  entry: ServerEntry;
  client: McpClient;
  debug: DebugLaunch | undefined;
}

/** One list before and after the server's `notifications/<kind>/list_changed`. */
export interface ListChangedEvent {
  entry: ServerEntry;
  method: string;
  before: Lists;
  after: Lists;
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

/** Long enough to sit at a breakpoint: a paused server answers nothing. */
const DEBUG_REQUEST_TIMEOUT_MS = 60 * 60 * 1000;

const LIST_METHODS: Record<ListKind, 'tools/list' | 'resources/list' | 'prompts/list'> = {
  tools: 'tools/list',
  resources: 'resources/list',
  prompts: 'prompts/list',
};

/** The list a `notifications/<kind>/list_changed` makes stale. */
const CHANGED_LIST: Record<string, ListKind> = {
  'notifications/tools/list_changed': 'tools',
  'notifications/resources/list_changed': 'resources',
  'notifications/prompts/list_changed': 'prompts',
};

/** The server's own Authorization header: the user handles its credentials, MCP Lens runs no OAuth flow. */
function hasAuthorization(headers: Record<string, string>): boolean {
  return Object.keys(headers).some((h) => h.toLowerCase() === 'authorization');
}

/** The servers of the workspace's config files, their state, and their connections. */
export class ServerRegistry extends Disposable {
  private entries = new Map<string, ServerEntry>();
  private loaded: LoadedConfig | undefined;
  private reloading: Promise<void> = Promise.resolve();
  private readonly changed = this.register(new vscode.EventEmitter<ServerEntry | undefined>());
  /** Fires with the entry that changed, or undefined when the whole list did. */
  readonly onDidChange = this.changed.event;
  private readonly launched = this.register(new vscode.EventEmitter<LaunchEvent>());
  readonly onDidLaunch = this.launched.event;
  private readonly restarted = this.register(new vscode.EventEmitter<RestartEvent>());
  readonly onDidRestart = this.restarted.event;
  private readonly listsChanged = this.register(new vscode.EventEmitter<ListChangedEvent>());
  /** A list_changed notification was followed by a new listing of that kind. */
  readonly onDidChangeList = this.listsChanged.event;
  /** Each connection's listings, one at a time per list (see SerialRefresh). */
  private readonly refreshes = new WeakMap<McpClient, SerialRefresh<ListKind>>();
  /** Each connection's first listing (tools, resources, prompts), awaited by listed(). */
  private readonly firstListings = new WeakMap<McpClient, Promise<void>>();
  /** Each 2026-07-28 connection's list_changed stream (core/session/listChanges.ts says why Watch keeps its own). */
  private readonly listChangeStreams = new WeakMap<McpClient, ListChangeStream>();

  constructor(private readonly deps: RegistryDeps) {
    super();
  }

  /**
   * The workspace folders or `mcpLens.roots` changed: each running server whose roots differ
   * gets them (a legacy one is told with notifications/roots/list_changed).
   */
  async updateRoots(): Promise<void> {
    const settings = this.deps.settings();
    for (const entry of this.entries.values()) {
      const client = entry.client;
      if (!client) continue;
      const roots = rootsForServer(entry.name, settings.roots, this.deps.workspaceFolders());
      if (sameRoots(roots, client.currentRoots ?? [])) continue;
      await client.setRoots(roots).catch((error: unknown) => this.deps.log.warn(`[${entry.name}] could not send the new roots: ${error instanceof Error ? error.message : String(error)}`));
    }
  }

  get servers(): ServerEntry[] {
    return [...this.entries.values()];
  }

  get problems(): ConfigProblem[] {
    return this.loaded?.problems ?? [];
  }

  get config(): LoadedConfig | undefined {
    return this.loaded;
  }

  /** By key, or by name when the name is unique. */
  get(keyOrName: string): ServerEntry | undefined {
    const byKey = this.entries.get(keyOrName);
    if (byKey) return byKey;
    const byName = this.servers.filter((s) => s.name === keyOrName);
    return byName.length === 1 ? byName[0] : undefined;
  }

  /** Re-reads every config file. Reloads run one after another, never interleaved. */
  reload(): Promise<void> {
    this.reloading = this.reloading.then(() => this.doReload()).catch((error) => this.deps.log.error('Reading the MCP server configs failed', error));
    return this.reloading;
  }

  private async doReload(): Promise<void> {
    const settings = this.deps.settings();
    const loaded = await loadConfigs({
      workspaceFolders: this.deps.workspaceFolders(),
      claudeDesktop: settings.claudeDesktopConfig ? { platform: process.platform, home: os.homedir(), appData: process.env.APPDATA } : undefined,
      user: settings.userConfigs ? { platform: process.platform, home: os.homedir(), appData: process.env.APPDATA, copilotHome: process.env.COPILOT_HOME, vscodeUser: this.deps.vscodeUser } : undefined,
    });
    if (this.isDisposed) return;
    const next = new Map<string, ServerEntry>();
    for (const config of loaded.servers) {
      const existing = this.entries.get(config.key);
      if (!existing) {
        next.set(config.key, new ServerEntry(config));
        continue;
      }
      if (existing.isActive && JSON.stringify(existing.config) !== JSON.stringify(config)) existing.configChanged = true;
      existing.config = config;
      next.set(config.key, existing);
    }
    for (const [key, entry] of this.entries) {
      if (!next.has(key) && entry.client) {
        this.deps.log.info(`[${entry.name}] removed from ${entry.config.file.path}: stopping it`);
        void this.stop(entry);
      }
    }
    this.entries = next;
    this.loaded = loaded;
    this.deps.log.info(`Read ${loaded.found.length} config file(s): ${loaded.servers.length} server(s), ${loaded.problems.length} problem(s)`);
    for (const p of loaded.problems) {
      const where = [p.line ? `${p.file}:${p.line}` : p.file, p.server && `server "${p.server}"`, p.field && `field "${p.field}"`].filter(Boolean).join(', ');
      this.deps.log.warn(`Config ${p.severity}: ${where}: ${p.message}`);
    }
    this.changed.fire(undefined);
  }

  private setState(entry: ServerEntry, state: ServerEntry['state']): void {
    entry.state = state;
    this.changed.fire(entry);
  }

  /** `continued`: a restart goes on writing the previous run's trace (after its separator). */
  async start(entry: ServerEntry, continued?: Trace, options: StartOptions = {}): Promise<StartOutcome> {
    if (entry.isActive) return { ok: true };
    const config = entry.config;
    this.setState(entry, { kind: 'starting' });
    entry.info = undefined;
    entry.lists = {};
    entry.skills = undefined;
    entry.probes = undefined;
    entry.configChanged = false;

    let resolved;
    try {
      const ctx = { userHome: os.homedir(), env: process.env, resolveInput: this.deps.resolveInput };
      resolved = config.type === 'stdio' ? await resolveServer(config, ctx) : await resolveRemoteServer(config, ctx);
    } catch (error) {
      if (error instanceof InputCancelledError) {
        this.setState(entry, { kind: 'stopped' });
        return { ok: false, reason: `Start of "${entry.name}" cancelled: ${error.message}.`, cancelled: true };
      }
      const message = `could not prepare the command: ${error instanceof Error ? error.message : String(error)}`;
      this.deps.log.error(`[${entry.name}] ${message}`, error);
      this.setState(entry, { kind: 'error', message, stderrTail: [] });
      return { ok: false, reason: `Cannot start "${entry.name}": ${message}`, failure: { message, stderrTail: [] } };
    }
    // Stopped (or removed) while an input box was open.
    if (entry.state.kind !== 'starting') return { ok: false, reason: `"${entry.name}" was stopped while starting.`, cancelled: true };
    if (!resolved.ok) {
      const message = resolved.problems.map((p) => `${p.field}: ${p.message}`).join('; ');
      this.setState(entry, { kind: 'error', message, stderrTail: [] });
      return { ok: false, reason: `Cannot start "${entry.name}": ${message}`, failure: { message, stderrTail: [] } };
    }

    // Streamable HTTP: nothing to launch (the session is keyed by the URL); the trace, views and diagnostics are the same.
    const resolvedServer = resolved.server;
    const remote = 'url' in resolvedServer ? resolvedServer : undefined;
    const local: ResolvedServer = 'url' in resolvedServer ? { name: resolvedServer.name, command: resolvedServer.url, args: [], cwd: os.homedir(), env: {}, secrets: resolvedServer.secrets } : resolvedServer;
    const { name, command, args, cwd } = local;
    // Password inputs and secret-looking env values and headers: the log must not show them either.
    const secrets = collectSecrets(local.secrets, local.env, remote?.headers).values;
    const redact = redactor(secrets);
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(local.env)) {
      if (value === null) this.deps.log.warn(`[${name}] env.${key} is null: MCP Lens cannot unset an inherited variable; it keeps the inherited value`);
      else env[key] = value;
    }
    const settings = this.deps.settings();
    let spec = { name, command, args, cwd, env };
    let debug: DebugLaunch | undefined;
    if (!remote && (entry.debug || config.dev?.debug)) {
      const plan = planDebugLaunch({ command, args, env }, { declared: config.dev?.debug?.type, breakOnStart: entry.debug?.breakOnStart, inheritedNodeOptions: process.env.NODE_OPTIONS });
      if (!plan.ok) {
        this.setState(entry, { kind: 'error', message: plan.reason, stderrTail: [] });
        return { ok: false, reason: `Cannot debug "${entry.name}": ${plan.reason}`, failure: { message: plan.reason, stderrTail: [] } };
      }
      debug = plan.launch;
      spec = { ...spec, ...debug.spec };
      this.deps.log.info(`[${name}] debug launch: ${debug.how}`);
    }
    const session = this.deps.sessions?.begin(entry, spec, { env: local.env, secrets }, continued, { carry: options.afterProbe === true });
    const signingIn = Boolean(remote && options.signIn);
    const timeouts = debug
      ? { requestTimeoutMs: DEBUG_REQUEST_TIMEOUT_MS, maxTimeoutMs: DEBUG_REQUEST_TIMEOUT_MS }
      : signingIn
        ? { requestTimeoutMs: SIGN_IN_TIMEOUT_MS, maxTimeoutMs: SIGN_IN_TIMEOUT_MS, probeTimeoutMs: SIGN_IN_TIMEOUT_MS, probeMaxWaitMs: SIGN_IN_TIMEOUT_MS }
        : { requestTimeoutMs: settings.requestTimeoutMs, ...probeTimeouts(settings.requestTimeoutMs) };
    // Tokens and registered secrets: masked in the log, the trace file and exports like password inputs.
    const learnSecret = (value: string) => {
      if (!secrets.includes(value)) secrets.push(value);
      session?.addSecret(value);
    };
    const authorizes = remote && this.deps.auth && !hasAuthorization(remote.headers);
    const assertionGrant = authorizes ? await this.deps.auth?.assertionGrant?.(entry.name, remote.url, signingIn) : undefined;
    const authorizer = authorizes ? this.authorizerFor(entry, remote.url, signingIn, learnSecret, assertionGrant) : undefined;
    entry.auth = authorizer && remote ? { authorizer, url: remote.url } : undefined;
    const profile = clientProfileFor(entry.name, settings.clientProfiles);
    if (profile) this.deps.log.info(`[${name}] connecting as ${profile.name} (client profile ${profile.id}: clientInfo ${profile.clientInfo.name})`);
    const client = new McpClient(remote ? { name, url: remote.url, headers: remote.headers, secrets, ...(config.type === 'sse' ? { transport: 'sse' as const } : {}) } : spec, {
      ...(authorizer ? { http: { authorizer } } : {}),
      // A client profile: the session declares what that host declares (mcpLens.clientProfiles).
      ...(profile ? { clientInfo: profile.clientInfo, declare: profile.capabilities } : { clientInfo: this.deps.clientInfo }),
      ...timeouts,
      trace: session?.trace ?? continued,
      transport: session?.transport,
      roots: rootsForServer(entry.name, settings.roots, this.deps.workspaceFolders()),
      // Form and URL elicitation and sampling answered in the editor (asks/); no tool_use replies, so no sampling.tools.
      ...(this.deps.asks ? { elicit: this.deps.asks.elicitFor(entry), elicitUrl: true, sample: this.deps.asks.sampleFor(entry) } : {}),
    });
    session?.attach(client);
    entry.client = client;
    this.launched.fire({ entry, client, debug });
    const outputBudget = new LogBudget((skipped, windowMs) =>
      this.deps.log.info(`[${name}] ${skipped} more stderr/stdout lines within ${windowMs / 1000} s not copied to this log (the stderr panel and the trace keep every line)`),
    );
    const logging = client.trace.onEvent((e) => {
      const outputLine = e.dir === 'stderr' || (e.dir === 's2c' && !e.msg);
      if (!outputLine || outputBudget.take()) logTraceEvent(this.deps.log, name, e, this.deps.settings().trace, redact);
      // "notifications/tools/list_changed" and kin: that list is stale.
      const method = e.dir === 's2c' && e.msg && 'method' in e.msg ? e.msg.method : undefined;
      const stale = method === undefined ? undefined : CHANGED_LIST[method];
      if (stale && entry.client === client) this.listChanged(entry, client, stale, method!).catch((error: unknown) => this.deps.log.error(`[${name}] refreshing the ${stale} after ${method} failed`, error));
    });
    void client.exited.then(({ code, signal }) => {
      logging.dispose();
      outputBudget.dispose();
      // Stopped on purpose, or still starting (start() reports that failure itself).
      if (entry.client !== client || entry.state.kind !== 'running') return;
      entry.client = undefined;
      // What it listed can no longer be used; the last stderr lines say why it died.
      entry.lists = {};
      entry.skills = undefined;
      const reason = exitStory(client.trace.events)?.reason;
      const exit = { code, signal, ...(reason ? { reason: redact(reason) } : {}) };
      this.deps.log.warn(`[${name}] ${exitSentence(exit)}`);
      this.setState(entry, { kind: 'crashed', ...exit, stderrTail: stderrTail(client.trace.events).map(redact) });
    });

    try {
      this.deps.log.info(redact(remote ? `[${name}] connecting to ${remote.url}` : `[${name}] starting: ${[spec.command, ...spec.args].join(' ')} (cwd ${cwd})`));
      // A server that exits while starting has failed, whether or not connect() has noticed yet.
      const connecting = client.connect();
      // Raced below and reported by the catch of this try when it loses to the exit.
      void settled(connecting);
      const exitedFirst = client.exited.then(({ code, signal }) => Promise.reject(new Error(exitSentence({ code, signal }, 'before answering'))));
      const info = await Promise.race([connecting, exitedFirst]);
      if (entry.client !== client) return { ok: false, reason: `"${entry.name}" was stopped while starting.`, cancelled: true };
      entry.info = info;
      this.setState(entry, { kind: 'running' });
      // Sent before the first listing, so a change after that listing cannot go unheard.
      const listChanges = ListChangeStream.start(client, (line) => this.deps.log.warn(redact(`[${name}] ${line}`)));
      if (listChanges) this.listChangeStreams.set(client, listChanges);
    } catch (error) {
      if (entry.client !== client) return { ok: false, reason: `"${entry.name}" was stopped while starting.`, cancelled: true };
      entry.client = undefined;
      const issuer = authorizer?.signInNeeded;
      if (issuer !== undefined) {
        this.deps.log.info(`[${name}] needs sign-in at ${issuer}`);
        this.setState(entry, { kind: 'needs-sign-in', issuer });
        void client.close().catch((e) => this.deps.log.error(`[${name}] close failed`, e));
        return { ok: false, reason: `"${entry.name}" needs sign-in at ${issuer}.`, needsSignIn: true };
      }
      const raw = describeFailure(client.trace.events, error);
      const failure: Failure = { message: redact(raw.message), stderrTail: raw.stderrTail.map(redact), retry: raw.retry };
      this.setState(entry, { kind: 'error', message: failure.message, stderrTail: failure.stderrTail });
      this.deps.log.error(`[${name}] failed to start: ${failure.message}`);
      if (failure.stderrTail.length) this.deps.log.error(`[${name}] last stderr lines:\n${failure.stderrTail.map((l) => `    ${l}`).join('\n')}`);
      void client.close().catch((e) => this.deps.log.error(`[${name}] close failed`, e));
      return { ok: false, reason: `"${entry.name}" failed to start: ${failure.message}`, failure };
    }
    const listing = this.refreshLists(entry, client);
    this.firstListings.set(client, settled(listing));
    await listing;
    await this.refreshSkills(entry, client);
    // Not awaited: Start is done once the lists show; the probes' findings arrive as they come.
    if (settings.probeOnStart && !options.afterProbe && entry.client === client) void this.probeAfterStart(entry, client, remote);
    return { ok: true };
  }

  private async probeAfterStart(entry: ServerEntry, client: McpClient, remote: { url: string; headers: Record<string, string> } | undefined): Promise<void> {
    // A probe that kills the server gets it started once more (with no probes, so no loop): the
    // user asked for a running server, and the rest of the probes go on against the new process.
    const restart = async () => {
      // The exit handler above marks it crashed first, so this Start is not taken for a no-op.
      await client.exited;
      const outcome = await this.start(entry, client.trace, { signIn: false, afterProbe: true });
      if (!outcome.ok || !entry.client) throw new Error(outcome.ok ? 'it stopped again at once' : outcome.reason);
      // The rest of the probes run on the new run's session: their refusals are theirs to judge.
      entry.session?.beginProbes();
      return entry.client;
    };
    const run = await probeOnStart(entry, client, { ...(remote ? { http: { url: remote.url, headers: remote.headers } } : {}), timeoutMs: this.deps.settings().requestTimeoutMs, log: this.deps.log, restart });
    // Stopped, or started again by the user, meanwhile: these verdicts are of a run that is over.
    if (entry.client !== run.client) return;
    entry.probes = run.outcomes;
    this.changed.fire(entry);
  }

  private authorizerFor(entry: ServerEntry, url: string, interactive: boolean, onSecret: (value: string) => void, client: ClientSettings = {}): OAuthAuthorizer {
    const auth = this.deps.auth!;
    return new OAuthAuthorizer(url, { ...client, openUrl: (page, ended) => auth.openSignInPage(entry, page, ended), store: auth.store, interactive, onSecret, dpop: this.deps.settings().dpop });
  }

  /**
   * Revokes a server's saved tokens where their authorization server can (RFC 7009), then forgets
   * them and the registered clients; a running connection is stopped (its token is no longer wanted).
   */
  async signOut(entry: ServerEntry): Promise<SignOutOutcome> {
    if (entry.config.type !== 'http' || !this.deps.auth) return { forgotten: 0, revocations: [] };
    const url = entry.auth?.url ?? entry.config.url;
    const outcome = await signOutOf(this.deps.auth.store, url);
    const secrets = (await this.deps.auth.forgetAssertionGrant?.(url)) ?? 0;
    if (entry.client) await this.stop(entry);
    else if (entry.state.kind === 'needs-sign-in') this.setState(entry, { kind: 'stopped' });
    return { ...outcome, forgotten: outcome.forgotten + secrets };
  }

  /** A `list_changed`: that list again, then what changed in it (only for a list that had loaded before). */
  private async listChanged(entry: ServerEntry, client: McpClient, kind: ListKind, method: string): Promise<void> {
    const before = this.listItems(entry);
    await this.refreshLists(entry, client, [kind]);
    // A skill catalog that changed is told as resources/list_changed (skill files are resources).
    if (kind === 'resources') await this.refreshSkills(entry, client);
    if (entry.client !== client || before[kind] === undefined) return;
    const after = this.listItems(entry);
    this.listsChanged.fire({ entry, method, before: { [kind]: before[kind] }, after: { [kind]: after[kind] ?? [] } });
  }

  /**
   * Resolves once the running connection's first listing is over, whether or not it gave a
   * tools list: a server that declares no tools and answers tools/list with -32601 has none.
   */
  listed(entry: ServerEntry): Promise<void> {
    return (entry.client && this.firstListings.get(entry.client)) || Promise.resolve();
  }

  /**
   * Lists tools, resources and prompts (every page). Tools are asked for even when the
   * capability is missing: a server author wants to see them, and the diagnostics name the
   * missing capability. Undeclared resources/prompts are not asked for.
   */
  private async refreshLists(entry: ServerEntry, client: McpClient, kinds: readonly ListKind[] = LIST_KINDS): Promise<void> {
    let refresh = this.refreshes.get(client);
    if (!refresh) this.refreshes.set(client, (refresh = new SerialRefresh()));
    for (const kind of kinds) {
      // A list_changed during a listing waits for it, then lists again: the newest listing is the one shown.
      await refresh.run(kind, () => this.refreshList(entry, client, kind));
      if (entry.client !== client) return;
    }
  }

  private async refreshList(entry: ServerEntry, client: McpClient, kind: ListKind): Promise<void> {
    const declared = kind in (client.info?.capabilities ?? {});
    if (!declared && kind !== 'tools') return;
    try {
      const items = await client.listAll(LIST_METHODS[kind]);
      if (kind === 'resources') items.push(...(await this.resourceTemplates(client)));
      if (entry.client !== client) return;
      entry.lists[kind] = { items };
    } catch (error) {
      if (entry.client !== client) return;
      if (!declared && error instanceof ProtocolError && error.code === -32601) return;
      entry.lists[kind] = { error: error instanceof Error ? error.message : String(error) };
    }
    this.changed.fire(entry);
  }

  /**
   * The Skills extension's listing, every page, once the server declares it ("Clients issue
   * skills/list and skills/get only after observing the server's declaration"). Listing reads
   * no skill file: "Hosts MUST NOT retrieve a skill's files ahead of need … on listing".
   */
  private async refreshSkills(entry: ServerEntry, client: McpClient): Promise<void> {
    if (!skillsDeclaration(client.info?.capabilities)) return;
    try {
      const listing = await listSkills(client);
      if (entry.client !== client) return;
      entry.skills = { skills: listing.skills, invalid: listing.invalid };
    } catch (error) {
      if (entry.client !== client) return;
      entry.skills = { error: error instanceof Error ? error.message : String(error) };
    }
    this.changed.fire(entry);
  }

  /** Templates belong with the resources; a server without them may answer -32601. */
  private async resourceTemplates(client: McpClient): Promise<Record<string, unknown>[]> {
    try {
      return await client.listAll('resources/templates/list');
    } catch (error) {
      if (error instanceof ProtocolError && error.code === -32601) return [];
      throw error;
    }
  }

  /** `keepDebug`: a restart keeps debug mode; a stop ends it. */
  async stop(entry: ServerEntry, keepDebug = false): Promise<void> {
    if (!keepDebug) entry.debug = undefined;
    const client = entry.client;
    entry.client = undefined;
    if (client) {
      this.setState(entry, { kind: 'stopping' });
      this.listChangeStreams.get(client)?.close('MCP Lens is stopping the server');
      try {
        await client.close();
      } catch (error) {
        this.deps.log.error(`[${entry.name}] stopping failed`, error);
      }
      this.deps.log.info(`[${entry.name}] stopped`);
    }
    entry.info = undefined;
    entry.lists = {};
    entry.skills = undefined;
    entry.configChanged = false;
    this.setState(entry, { kind: 'stopped' });
  }

  /**
   * Stops and starts again, writing on in the same trace after a separator; the requests
   * still waiting for an answer are marked lost, never dropped without a word. `reason`
   * ("saving weather.ts") goes into the separator and the restart event.
   */
  async restart(entry: ServerEntry, reason?: string): Promise<StartOutcome> {
    const before = this.listItems(entry);
    const trace = entry.session?.trace ?? entry.client?.trace;
    const lost = entry.client && trace ? requestsInFlight(trace.events) : [];
    for (const r of lost) {
      trace?.append({ dir: 'meta', kind: 'cancelled', raw: `${describeRequest(r)} lost: the server restarted before answering`, info: { id: r.id, method: r.method, reason: 'lost: the server restarted before answering', local: true } });
    }
    await this.stop(entry, true);
    if (trace) {
      const lostText = lost.length ? `; lost without an answer: ${lost.map(describeRequest).join(', ')}` : '';
      trace.append({ dir: 'meta', kind: 'note', raw: `— restarted${reason ? ` after ${reason}` : ''}${lostText} —`, info: { restart: true, reason: reason ?? null, lost } });
    }
    if (lost.length) this.deps.log.warn(`[${entry.name}] restart lost ${lost.length} request(s) without an answer: ${lost.map(describeRequest).join(', ')}`);
    const outcome = await this.start(entry, trace, { signIn: false });
    this.restarted.fire({ entry, reason, before, after: this.listItems(entry), lost, outcome });
    return outcome;
  }

  /** The lists that loaded (a failed or undeclared list is left out, so it is not compared). */
  private listItems(entry: ServerEntry): Lists {
    const lists: Lists = {};
    for (const kind of LIST_KINDS) {
      const list = entry.lists[kind];
      if (list && 'items' in list) lists[kind] = list.items;
    }
    return lists;
  }

  /** Closes every connection; the transport takes each server's whole process tree down. */
  async stopAll(): Promise<void> {
    await Promise.all(this.servers.filter((s) => s.client).map((s) => this.stop(s)));
  }

  override dispose(): void {
    void this.stopAll();
    super.dispose();
  }
}

/**
 * server/discover waits out a silent (cold) start for up to 10 s and a started server 3 s,
 * never past the request timeout a person set: `mcp-lens` bounds it the same way.
 */
function probeTimeouts(requestTimeoutMs: number): { probeTimeoutMs: number; probeMaxWaitMs: number } {
  return { probeTimeoutMs: Math.min(3000, requestTimeoutMs), probeMaxWaitMs: Math.min(10_000, requestTimeoutMs) };
}
