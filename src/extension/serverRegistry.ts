/**
 * The servers of the workspace's config files, their state and their connections: reading
 * the configs, and Start, Stop and Restart (Start's first steps are in startPlan.ts, what a
 * server lists in serverListings.ts, the config reload in configReload.ts, what it needs and
 * announces in registryContract.ts).
 */
import * as vscode from 'vscode';
import type { LoadedConfig } from '../core/config/load';
import type { ConfigProblem } from '../core/config/types';
import { describeRequest } from '../core/diagnose/describe';
import { requestsInFlight } from '../core/devloop/inFlight';
import { rootsForServer, sameRoots } from './serverRoots';
import type { Root } from '../core/session/roots';
import type { McpClient } from '../core/session/client';
import { ListChangeStream } from '../core/session/listChanges';
import type { OAuthAuthorizer } from '../core/auth/authorizer';
import { signOutOf, type SignOutOutcome } from '../core/auth/revocation';
import type { Trace } from '../core/trace/trace';
import { exitSentence, exitStory } from '../core/diagnose/exitStory';
import { describeFailure, stderrTail, type Failure } from './failure';
import { Disposable } from './lifecycle';
import { probeOnStart } from './probeOnStart';
import type { ServerEntry } from './serverEntry';
import { CHANGED_LIST, listItems, ServerListings, type ListChangedEvent } from './serverListings';
import { LogBudget } from './logBudget';
import { logTraceEvent } from './traceLog';
import { settled } from '../core/util/ignored';
import { planStart, resolveForStart, type StartOutcome, type StartPlan, type StartStopped } from './startPlan';
import { connectionFor } from './serverConnection';
import { logConfigsRead, mergeReloaded, readServerConfigs } from './configReload';
import type { LaunchEvent, RegistryDeps, RestartEvent, StartOptions } from './registryContract';

export type { ListChangedEvent } from './serverListings';
export type { StartOutcome } from './startPlan';
export type { LaunchEvent, RegistryDeps, RestartEvent, StartOptions } from './registryContract';

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
  private readonly listings = new ServerListings(
    (entry) => this.changed.fire(entry),
    (event) => this.listsChanged.fire(event),
  );
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
    for (const entry of this.entries.values()) {
      const client = entry.client;
      if (!client) continue;
      const roots = this.rootsFor(entry.name);
      if (sameRoots(roots, client.currentRoots ?? [])) continue;
      await client
        .setRoots(roots)
        .catch((error: unknown) =>
          this.deps.log.warn(`[${entry.name}] could not send the new roots: ${error instanceof Error ? error.message : String(error)}`),
        );
    }
  }

  /** What roots/list answers for this server: the workspace folders, or its `mcpLens.roots`. */
  rootsFor(server: string): Root[] {
    return rootsForServer(server, this.deps.settings().roots, this.deps.workspaceFolders());
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
    this.reloading = this.reloading
      .then(() => this.doReload())
      .catch((error) => this.deps.log.error('Reading the MCP server configs failed', error));
    return this.reloading;
  }

  private async doReload(): Promise<void> {
    const loaded = await readServerConfigs(this.deps.settings(), this.deps.workspaceFolders(), this.deps.vscodeUser);
    if (this.isDisposed) return;
    const { next, removed } = mergeReloaded(this.entries, loaded);
    for (const entry of removed) {
      this.deps.log.info(`[${entry.name}] removed from ${entry.config.file.path}: stopping it`);
      void this.stop(entry);
    }
    this.entries = next;
    this.loaded = loaded;
    logConfigsRead(this.deps.log, loaded);
    this.changed.fire(undefined);
  }

  private setState(entry: ServerEntry, state: ServerEntry['state']): void {
    entry.state = state;
    this.changed.fire(entry);
  }

  /**
   * `continued`: a restart goes on writing the previous run's trace (after its separator).
   * The steps: resolve the config, plan the launch, build the client, wire its events,
   * connect, then list what it offers and (not awaited) probe it.
   */
  async start(entry: ServerEntry, continued?: Trace, options: StartOptions = {}): Promise<StartOutcome> {
    if (entry.isActive) return { ok: true };
    this.beginStart(entry);
    const resolved = await resolveForStart(entry, this.deps.resolveInput, this.deps.log);
    if ('outcome' in resolved) return this.stopStart(entry, resolved);
    // Stopped (or removed) while an input box was open.
    if (entry.state.kind !== 'starting') return { ok: false, reason: `"${entry.name}" was stopped while starting.`, cancelled: true };
    const plan = planStart(entry, resolved.resolved, this.deps.log);
    if ('outcome' in plan) return this.stopStart(entry, plan);
    const settings = this.deps.settings();
    const session = this.deps.sessions?.begin(entry, plan.spec, { env: plan.local.env, secrets: plan.secrets }, continued, {
      carry: options.afterProbe === true,
    });
    entry.launchedAt = Date.now();
    const { client, authorizer } = await connectionFor(this.deps, entry, plan, {
      settings,
      session,
      continued,
      signingIn: Boolean(plan.remote && options.signIn),
    });
    session?.attach(client);
    entry.client = client;
    this.launched.fire({ entry, client, debug: plan.debug });
    this.watchConnection(entry, client, plan.local.name, plan.redact);
    const connected = await this.connect(entry, client, plan, authorizer);
    if (!connected.ok) return connected;
    await this.listings.firstListing(entry, client);
    await this.listings.refreshSkills(entry, client);
    // Not awaited: Start is done once the lists show; the probes' findings arrive as they come.
    if (settings.probeOnStart && !options.afterProbe && entry.client === client) void this.probeAfterStart(entry, client, plan.remote);
    return { ok: true };
  }

  /** Resolves once the running connection's first listing is over (see ServerListings.listed). */
  listed(entry: ServerEntry): Promise<void> {
    return this.listings.listed(entry.client);
  }

  /** A new run: nothing of the previous one's connection shows. */
  private beginStart(entry: ServerEntry): void {
    this.setState(entry, { kind: 'starting' });
    entry.info = undefined;
    entry.lists = {};
    entry.skills = undefined;
    entry.probes = undefined;
    entry.configChanged = false;
  }

  private stopStart(entry: ServerEntry, stopped: StartStopped): StartOutcome {
    if (stopped.state) this.setState(entry, stopped.state);
    return stopped.outcome;
  }

  /** The connection's traffic in the log (stderr within a budget), its list_changed notifications, and its exit. */
  private watchConnection(entry: ServerEntry, client: McpClient, name: string, redact: (text: string) => string): void {
    const outputBudget = new LogBudget((skipped, windowMs) =>
      this.deps.log.info(
        `[${name}] ${skipped} more stderr/stdout lines within ${windowMs / 1000} s not copied to this log (the stderr panel and the trace keep every line)`,
      ),
    );
    const logging = client.trace.onEvent((e) => {
      const outputLine = e.dir === 'stderr' || (e.dir === 's2c' && !e.msg);
      if (!outputLine || outputBudget.take()) logTraceEvent(this.deps.log, name, e, this.deps.settings().trace, redact);
      // "notifications/tools/list_changed" and kin: that list is stale.
      const method = e.dir === 's2c' && e.msg && 'method' in e.msg ? e.msg.method : undefined;
      const stale = method === undefined ? undefined : CHANGED_LIST[method];
      if (stale && entry.client === client)
        this.listings
          .listChanged(entry, client, stale, method!)
          .catch((error: unknown) => this.deps.log.error(`[${name}] refreshing the ${stale} after ${method} failed`, error));
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
  }

  /** The handshake (or the 2026-07-28 discovery), raced against the process's exit; a failure says why, sign-in included. */
  private async connect(
    entry: ServerEntry,
    client: McpClient,
    plan: StartPlan,
    authorizer: OAuthAuthorizer | undefined,
  ): Promise<StartOutcome> {
    const { remote, spec, redact } = plan;
    const name = plan.local.name;
    try {
      this.deps.log.info(
        redact(
          remote
            ? `[${name}] connecting to ${remote.url}`
            : `[${name}] starting: ${[spec.command, ...spec.args].join(' ')} (cwd ${plan.local.cwd})`,
        ),
      );
      // A server that exits while starting has failed, whether or not connect() has noticed yet.
      const connecting = client.connect();
      // Raced below and reported by the catch of this try when it loses to the exit.
      void settled(connecting);
      const exitedFirst = client.exited.then(({ code, signal }) =>
        Promise.reject(new Error(exitSentence({ code, signal }, 'before answering'))),
      );
      const info = await Promise.race([connecting, exitedFirst]);
      if (entry.client !== client) return { ok: false, reason: `"${entry.name}" was stopped while starting.`, cancelled: true };
      entry.info = info;
      this.setState(entry, { kind: 'running' });
      // Sent before the first listing, so a change after that listing cannot go unheard.
      const listChanges = ListChangeStream.start(client, (line) => this.deps.log.warn(redact(`[${name}] ${line}`)));
      if (listChanges) this.listChangeStreams.set(client, listChanges);
      return { ok: true };
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
      if (failure.stderrTail.length)
        this.deps.log.error(`[${name}] last stderr lines:\n${failure.stderrTail.map((l) => `    ${l}`).join('\n')}`);
      void client.close().catch((e) => this.deps.log.error(`[${name}] close failed`, e));
      return { ok: false, reason: `"${entry.name}" failed to start: ${failure.message}`, failure };
    }
  }

  private async probeAfterStart(
    entry: ServerEntry,
    client: McpClient,
    remote: { url: string; headers: Record<string, string> } | undefined,
  ): Promise<void> {
    // A probe that kills the server gets it started once more (with no probes, so no loop): the
    // user asked for a running server, and the rest of the probes go on against the new process.
    const restart = async () => {
      // watchConnection's exit handler marks it crashed first, so this Start is not taken for a no-op.
      await client.exited;
      const outcome = await this.start(entry, client.trace, { signIn: false, afterProbe: true });
      if (!outcome.ok || !entry.client) throw new Error(outcome.ok ? 'it stopped again at once' : outcome.reason);
      // The rest of the probes run on the new run's session: their refusals are theirs to judge.
      entry.session?.beginProbes();
      return entry.client;
    };
    const run = await probeOnStart(entry, client, {
      ...(remote ? { http: { url: remote.url, headers: remote.headers } } : {}),
      timeoutMs: this.deps.settings().requestTimeoutMs,
      log: this.deps.log,
      restart,
    });
    // Stopped, or started again by the user, meanwhile: these verdicts are of a run that is over.
    if (entry.client !== run.client) return;
    entry.probes = run.outcomes;
    this.changed.fire(entry);
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
    const before = listItems(entry);
    const trace = entry.session?.trace ?? entry.client?.trace;
    const lost = entry.client && trace ? requestsInFlight(trace.events) : [];
    for (const r of lost) {
      trace?.append({
        dir: 'meta',
        kind: 'cancelled',
        raw: `${describeRequest(r)} lost: the server restarted before answering`,
        info: { id: r.id, method: r.method, reason: 'lost: the server restarted before answering', local: true },
      });
    }
    await this.stop(entry, true);
    if (trace) {
      const lostText = lost.length ? `; lost without an answer: ${lost.map(describeRequest).join(', ')}` : '';
      trace.append({
        dir: 'meta',
        kind: 'note',
        raw: `— restarted${reason ? ` after ${reason}` : ''}${lostText} —`,
        info: { restart: true, reason: reason ?? null, lost },
      });
    }
    if (lost.length)
      this.deps.log.warn(
        `[${entry.name}] restart lost ${lost.length} request(s) without an answer: ${lost.map(describeRequest).join(', ')}`,
      );
    const outcome = await this.start(entry, trace, { signIn: false });
    this.restarted.fire({ entry, reason, before, after: listItems(entry), lost, outcome });
    return outcome;
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
