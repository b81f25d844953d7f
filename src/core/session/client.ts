import { exitSentence } from '../diagnose/exitStory';
import type { TraceEvent } from '../trace/event';
import { Trace } from '../trace/trace';
import type { HttpServerSpec } from '../transport/http';
import { remoteTransport } from '../transport/sseFallback';
import { HttpStatusError } from '../transport/httpErrors';
import { StdioTransport, type ExitInfo, type ServerSpec } from '../transport/stdio';
import type { Transport } from '../transport/transport';
import { Emitter, type Disposable } from '../util/disposable';
import type { JsonRpcNotification } from '../wire/message';
import { InvalidResultError, ProtocolError } from './errors';
import { Exchange, type ExchangeHooks, type RequestOptions } from './exchange';
import type { ClientOptions, ServerInfo } from './clientOptions';
import { initializeUnlessLateModern, LateProbeAnswer } from './lateModern';
import { probeEra, type EraOutcome } from './probe';
import type { ListenStream, SubscriptionFilter } from './listen';
import { ToolGate } from './toolGate';
import type { InputAnswerers } from './inputRequired';
import { declaredCapabilities, type AnswerPaths } from './clientCapabilities';
import type { LogLevel } from './logLevel';
import type { Root } from './roots';
import type { TaskState } from './tasks';
import { TASK_RESULT_TYPES, TASKS_EXTENSION } from './tasksModern';
import {
  KNOWN_RESULT_TYPES,
  LIST_ITEMS_KEY,
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  HEADER_MISMATCH,
  META_PROTOCOL_VERSION,
  LEGACY_VERSIONS,
  MODERN_VERSIONS,
  type ListMethod,
} from './protocol';
import { asRecord } from '../schema/isRecord';
import { ListenFeature } from './features/listenStreams';
import { TaskRuns, type TaskCallOptions } from './features/taskRuns';
import { ElicitationFeature, SamplingFeature } from './features/asks';
import type { ClientFeature, FeatureHost } from './features/feature';
import { InputRounds } from './features/inputRounds';
import { LogLevelFeature } from './features/logLevelFeature';
import { ProgressFeature } from './features/progress';
import { RootsFeature } from './features/rootsList';
import { ServerRequests } from './features/serverRequests';

export { ConnectionClosedError, InvalidResultError, OversizeResponseError, InvalidAskError, ProtocolError, RefusedAskError, RejectedToolError, RequestCancelledError, RequestTimeoutError, UnansweredInputError } from './errors';
export type { ExitInfo, ServerSpec } from '../transport/stdio';
export type { HttpServerSpec } from '../transport/http';
export type { ClientOptions, ServerInfo } from './clientOptions';
export type { RequestOptions } from './exchange';
export type { Progress } from './pendingRequests';
export type { InputRound } from './inputRequired';
export type { TaskState } from './tasks';
export type { ListenEnd, ListenStream, SubscriptionFilter } from './listen';

const DEFAULT_CLIENT_INFO = { name: 'mcp-lens', version: '0.1.0' };

/**
 * A dual-era MCP client over stdio or Streamable HTTP that records everything it sees into a Trace.
 * connect() probes with server/discover and falls back to the legacy initialize handshake
 * ("The fallback MUST NOT be keyed to one specific error code").
 */
export class McpClient {
  readonly trace: Trace;
  private readonly transport: Transport;
  private readonly exchange: Exchange;
  private readonly toolGate = new ToolGate();
  private readonly streams: ListenFeature;
  private readonly tasks: TaskRuns;
  /** The last probe's answer, should it come after its timeout. */
  private lateDiscover: LateProbeAnswer | undefined;
  private readonly closeEmitter = new Emitter<ExitInfo>();
  private readonly notificationEmitter = new Emitter<TraceEvent>();
  private readonly rounds: InputRounds;
  private readonly roots: RootsFeature;
  private readonly logLevel: LogLevelFeature;
  /** The features with hooks, in the order each adds to a declaration and hears a message. */
  private readonly features: ClientFeature[];
  /** What this client says it is (`initialize` clientInfo, the 2026-07-28 `_meta` one). */
  readonly clientInfo: { name: string; version: string };
  private serverInfo: ServerInfo | undefined;
  private newSession: Promise<ServerInfo> | undefined;

  readonly onDidClose = (listener: (info: ExitInfo) => void): Disposable => this.closeEmitter.event(listener);
  /** Every notification the server sends (list_changed, logging, progress…). */
  readonly onNotification = (listener: (e: TraceEvent) => void): Disposable => this.notificationEmitter.event(listener);
  /** Every question the server asked (legacy request or MRTR entry) once the client answered or refused it. */
  readonly onInputRound: InputRounds['onInputRound'];
  readonly exited: Promise<ExitInfo>;

  constructor(
    readonly spec: ServerSpec | HttpServerSpec,
    private readonly options: ClientOptions = {},
  ) {
    this.trace = options.trace ?? new Trace();
    this.clientInfo = options.clientInfo ?? DEFAULT_CLIENT_INFO;
    const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.transport = 'url' in spec ? remoteTransport(spec, this.trace, options.http) : new StdioTransport(spec, this.trace, options.transport);
    this.exchange = new Exchange(this.transport, this.trace, this.exchangeHooks(), {
      requestTimeoutMs,
      maxTimeoutMs: options.maxTimeoutMs ?? requestTimeoutMs * 10,
      firstId: options.firstId ?? 1,
    });
    const host = this.featureHost();
    this.rounds = new InputRounds(host);
    this.onInputRound = this.rounds.onInputRound;
    this.roots = new RootsFeature(host, options.roots);
    this.logLevel = new LogLevelFeature(host);
    this.streams = new ListenFeature(host);
    this.tasks = new TaskRuns(host, { callTool: (name, args, opts) => this.callTool(name, args, opts), listen: (filter) => this.listen(filter), onNotification: this.onNotification, rounds: this.rounds });
    // Answerers in the order they were always listed; progress is read before the streams route.
    this.features = [
      new ProgressFeature(this.exchange),
      new ElicitationFeature(options.elicit, !!options.elicitUrl),
      new SamplingFeature(options.sample, !!options.sampleTools),
      this.roots,
      new ServerRequests(host, this.rounds),
      this.logLevel,
      this.streams,
    ];
    this.exited = this.transport.exited;
    void this.exited.then((info) => {
      // A connection with no process (HTTP+SSE: the server closed its stream) ends without an exit code.
      // Without the stderr reason: a lost request's row stays one short line (the Servers row and the cards give the why).
      this.exchange.connectionLost(`the server ${exitSentence(info, 'before answering')}`);
      this.clearFeatures(`the server ${exitSentence(info)}`);
      this.closeEmitter.fire(info);
    });
  }

  get info(): ServerInfo | undefined {
    return this.serverInfo;
  }

  /** The roots roots/list answers with now (undefined: the client declared no roots). */
  get currentRoots(): Root[] | undefined {
    return this.roots.current;
  }

  get currentLogLevel(): LogLevel | undefined {
    return this.logLevel.current;
  }

  get pid(): number | undefined {
    return this.transport.pid;
  }

  /** Spawns the server, learns its era, and completes the legacy handshake when there is one. */
  async connect(): Promise<ServerInfo> {
    await this.transport.start();
    // No modern revision to offer (check's second, legacy-only connection to a dual-era server): straight to initialize.
    const outcome: EraOutcome = this.modernVersions.length === 0 ? { era: 'legacy', protocolVersion: LEGACY_VERSIONS[0], reason: 'the client offers only the legacy handshake' } : await this.probe();
    this.recordEra(outcome);
    if (outcome.era === 'modern') this.serverInfo = outcome.info;
    else this.serverInfo = outcome.timedOut ? await this.legacyUnlessLateModern(outcome.protocolVersion) : await this.initialize(outcome.protocolVersion);
    return this.serverInfo;
  }

  /** After a probe timeout: initialize, unless the probe's late answer proves the server modern first (lateModern.ts). */
  private async legacyUnlessLateModern(protocolVersion: string): Promise<ServerInfo> {
    const decided = await initializeUnlessLateModern({
      late: this.lateDiscover!,
      initialize: (onId) => this.initialize(protocolVersion, onId),
      abandon: (id, reason) => this.exchange.abandon(id, reason),
      probe: () => this.probe(),
      modernVersions: this.modernVersions,
    });
    this.exchange.forgetLateAnswers();
    if ('legacy' in decided) return decided.legacy;
    this.recordEra(decided.modern);
    return decided.modern.era === 'modern' ? decided.modern.info : this.initialize(decided.modern.protocolVersion);
  }

  private get modernVersions(): string[] {
    return this.options.modernVersions ?? [...MODERN_VERSIONS];
  }

  private probe(): Promise<EraOutcome> {
    return probeEra({ discover: (version) => this.discover(version), modernVersions: this.modernVersions });
  }

  /**
   * server/discover, timed for a process that may still be starting: the whole budget
   * (probeMaxWaitMs) while the server has written nothing, probeTimeoutMs from its first
   * output. The timeout is recorded (an answer, not a fault: never cancelled) and a late
   * answer is kept for legacyUnlessLateModern.
   */
  private discover(version: string): Promise<Record<string, unknown>> {
    const quiet = this.options.probeTimeoutMs ?? 3000;
    const max = Math.max(quiet, this.options.probeMaxWaitMs ?? 10_000);
    const late = new LateProbeAnswer(version);
    this.lateDiscover = late;
    return this.exchange.send(
      'server/discover',
      { _meta: this.modernMeta(version) },
      { timeoutMs: this.exchange.serverAlive ? quiet : max, maxTimeoutMs: max, quietAfterLifeMs: quiet, cancelOnTimeout: false, rawParams: true, onLate: (answer) => late.deliver(answer) },
    );
  }

  /** Sends a request and resolves with its result; a JSON-RPC error rejects with ProtocolError. */
  request(method: string, params?: Record<string, unknown>, opts?: RequestOptions): Promise<Record<string, unknown>> {
    if (!this.serverInfo) return Promise.reject(new Error(`Cannot send ${method}: connect() has not completed`));
    // A legacy stdio server's answer is complete (no InputRequiredResult) and its errors have no
    // recovery (those are Streamable HTTP's): the request's own promise is the answer.
    if (this.serverInfo.era === 'legacy' && !('url' in this.spec)) return this.exchange.send(method, params, opts);
    // One promise per call where it can be: most results are complete, and most requests succeed.
    const complete = (result: Record<string, unknown>) => (this.rounds.wantsInput(result) ? this.rounds.untilComplete(method, params, result, this.sender(method, opts)) : result);
    return this.exchange.send(method, params, opts).then(complete, (err: unknown) => this.recover(err, method, () => this.exchange.send(method, params, opts)).then(complete));
  }

  /**
   * One round of a request: an InputRequiredResult comes back as it is, not answered and
   * followed. For a caller that answers it itself — wrongly on purpose, as fuzz does to see
   * whether the server refuses a tampered requestState.
   */
  requestRound(method: string, params?: Record<string, unknown>, opts?: RequestOptions): Promise<Record<string, unknown>> {
    if (!this.serverInfo) return Promise.reject(new Error(`Cannot send ${method}: connect() has not completed`));
    return this.sender(method, opts)(params);
  }

  /** One round of `method` with the given params, recovered as request() recovers its first. */
  private sender(method: string, opts: RequestOptions | undefined): (p: Record<string, unknown> | undefined) => Promise<Record<string, unknown>> {
    return (p) => this.exchange.send(method, p, opts).catch((err: unknown) => this.recover(err, method, () => this.exchange.send(method, p, opts)));
  }

  /** The Streamable HTTP refusals a client is told to recover from, each retried once. */
  private async recover(err: unknown, method: string, retry: () => Promise<Record<string, unknown>>): Promise<Record<string, unknown>> {
    // "If the server rejects a request with a HeaderMismatch error because required Mcp-Param-*
    // headers are missing or do not match the body, the client SHOULD call tools/list to check
    // for changes to the tool's inputSchema, then retry" (the transport mirrors what it lists).
    if (err instanceof ProtocolError && err.code === HEADER_MISMATCH && method === 'tools/call' && 'url' in this.spec && this.serverInfo?.era === 'modern') {
      await this.listAll('tools/list');
      return retry();
    }
    return this.afterSessionExpired(err, retry);
  }

  /**
   * Streamable HTTP, legacy: a 404 for our Mcp-Session-Id means the server ended the session;
   * the client "MUST start a new session by sending a new InitializeRequest", then the refused
   * request (which never ran) is sent once more.
   */
  private async afterSessionExpired(err: unknown, retry: () => Promise<Record<string, unknown>>): Promise<Record<string, unknown>> {
    const info = this.serverInfo;
    if (!(err instanceof HttpStatusError) || !err.sessionExpired || info?.era !== 'legacy' || this.exchange.isClosed) throw err;
    this.newSession ??= (async () => {
      this.trace.append({ dir: 'meta', kind: 'note', raw: 'the server ended the HTTP session (404): starting a new one with initialize', info: { transport: 'http', reason: 'session-expired' } });
      try {
        return (this.serverInfo = await this.initialize(info.protocolVersion));
      } finally {
        this.newSession = undefined;
      }
    })();
    await this.newSession;
    return retry();
  }

  /** Every item of a paginated list, following nextCursor to its end ('' is a cursor, not the end). */
  async listAll(method: ListMethod, opts?: RequestOptions): Promise<Record<string, unknown>[]> {
    const key = LIST_ITEMS_KEY[method];
    const items: Record<string, unknown>[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (;;) {
      const result = await this.request(method, cursor === undefined ? {} : { cursor }, opts);
      const page = result[key];
      if (Array.isArray(page)) items.push(...(page as Record<string, unknown>[]));
      const next = result.nextCursor;
      // "Treat a missing nextCursor as the end of results".
      if (typeof next !== 'string') return items;
      if (seen.has(next)) {
        // A cursor handed back twice would loop forever; the diagnostics report pagination-loop.
        this.trace.append({
          dir: 'meta',
          kind: 'note',
          raw: `stopped following ${method}: cursor ${JSON.stringify(next)} came back a second time`,
          info: { reason: 'pagination-loop', method, cursor: next },
        });
        return items;
      }
      seen.add(next);
      cursor = next;
    }
  }

  callTool(name: string, args: Record<string, unknown>, opts?: RequestOptions): Promise<Record<string, unknown>> {
    const refusal = this.mirrorsHeaders() ? this.toolGate.refusal(name) : undefined;
    if (refusal) return Promise.reject(refusal);
    return this.request('tools/call', { name, arguments: args }, opts);
  }

  /** tools/call, one round: an InputRequiredResult is returned, not followed (see requestRound). */
  callToolRound(name: string, args: Record<string, unknown>, opts?: RequestOptions): Promise<Record<string, unknown>> {
    const refusal = this.mirrorsHeaders() ? this.toolGate.refusal(name) : undefined;
    if (refusal) return Promise.reject(refusal);
    return this.requestRound('tools/call', { name, arguments: args }, opts);
  }

  /** New roots; a legacy server is told they changed (features/rootsList.ts). */
  setRoots(roots: Root[]): Promise<void> {
    return this.roots.setRoots(roots);
  }

  /** The server's log level, as each era sets it (features/logLevelFeature.ts). */
  setLogLevel(level: LogLevel): Promise<void> {
    return this.logLevel.setLogLevel(level);
  }

  /** A tool run as a task, in the era's generation of tasks (features/taskRuns.ts). */
  callToolAsTask(name: string, args: Record<string, unknown>, opts?: TaskCallOptions): Promise<{ task?: TaskState; result: Record<string, unknown> }> {
    return this.tasks.callToolAsTask(name, args, opts);
  }

  /** Every task the server lists (tasks/list, following nextCursor). */
  listTasks(opts?: RequestOptions): Promise<TaskState[]> {
    return this.tasks.listTasks(opts);
  }

  /** tasks/cancel: the task's state after the request ("cancelled", or why it could not be). */
  cancelTask(taskId: string): Promise<TaskState | undefined> {
    return this.tasks.cancelTask(taskId);
  }

  /** A 2026-07-28 `subscriptions/listen` stream, once acknowledged (features/listenStreams.ts). */
  listen(notifications: SubscriptionFilter, opts?: { timeoutMs?: number }): Promise<ListenStream> {
    return this.streams.listen(notifications, opts);
  }

  /** Writes a line as typed (it is recorded like any other c2s line); responses to it go unmatched. */
  sendRaw(line: string): Promise<void> {
    return this.exchange.sendRaw(line);
  }

  async close(): Promise<void> {
    if (this.exchange.closeByClient()) this.clearFeatures('the client closed the connection');
    await this.transport.close();
  }

  private clearFeatures(reason: string): void {
    for (const f of this.features) f.clear?.(reason);
  }

  private async initialize(protocolVersion: string, onId?: (id: number) => void): Promise<ServerInfo> {
    const capabilities = this.declaredCapabilities('legacy');
    const result = await this.exchange.send(
      'initialize',
      { protocolVersion, capabilities, clientInfo: this.clientInfo },
      { cancelOnTimeout: false, onId },
    );
    // "After successful initialization, the client MUST send an initialized notification".
    await this.exchange.notify('notifications/initialized');
    const info: ServerInfo = {
      era: 'legacy',
      protocolVersion: typeof result.protocolVersion === 'string' ? result.protocolVersion : protocolVersion,
      capabilities: asRecord(result.capabilities) ?? {},
    };
    const serverInfo = asImplementation(result.serverInfo);
    if (serverInfo) info.serverInfo = serverInfo;
    if (typeof result.instructions === 'string') info.instructions = result.instructions;
    return info;
  }

  private modernMeta(version: string, extensions?: Record<string, unknown>): Record<string, unknown> {
    const declared = this.declaredCapabilities('modern');
    const meta: Record<string, unknown> = {
      [META_PROTOCOL_VERSION]: version,
      // Only what the client can answer inside an InputRequiredResult is declared, and an
      // extension only on the requests that use it ("Capabilities are declared per-request").
      [META_CLIENT_CAPABILITIES]: extensions ? { ...declared, extensions: { ...asRecord(declared.extensions), ...extensions } } : declared,
      [META_CLIENT_INFO]: this.clientInfo,
    };
    for (const f of this.features) f.fillRequestMeta?.(meta);
    return meta;
  }

  /** What the client can answer, and nothing else: each capability has an answerer behind it. */
  private declaredCapabilities(era: 'modern' | 'legacy'): Record<string, unknown> {
    if (this.options.declare) return this.options.declare;
    const paths: AnswerPaths = { elicitForm: false, elicitUrl: false, sample: false, sampleTools: false, roots: false };
    for (const f of this.features) f.fillAnswerPaths?.(paths);
    return declaredCapabilities(paths, era);
  }

  /** The server→client asks this client answers, whether sent as requests (legacy) or inside an InputRequiredResult. */
  private inputAnswerers(): InputAnswerers {
    const answerers: InputAnswerers = {};
    for (const f of this.features) f.fillAnswerers?.(answerers);
    return answerers;
  }

  /** How the features reach the connection and the client's state. */
  private featureHost(): FeatureHost {
    return {
      exchange: this.exchange,
      trace: this.trace,
      overHttp: 'url' in this.spec,
      info: () => this.serverInfo,
      requestMeta: (version, extensions) => this.modernMeta(version, extensions),
      declared: (era) => this.declaredCapabilities(era),
      answerers: () => this.inputAnswerers(),
      request: (method, params, opts) => this.request(method, params, opts),
    };
  }

  /** What the exchange asks of the client: a request's `_meta`, a result read, the server's other messages. */
  private exchangeHooks(): ExchangeHooks {
    return {
      requestMeta: (extensions) => (this.serverInfo?.era === 'modern' ? this.modernMeta(this.serverInfo.protocolVersion, extensions) : undefined),
      readResult: (method, result, seq, extensions) => this.readResult(method, result, seq, extensions),
      claimResponse: (e) => this.features.some((f) => f.claimResponse?.(e) === true),
      onNotification: (e) => {
        const msg = e.msg as JsonRpcNotification;
        for (const f of this.features) f.handleNotification?.(msg, e);
        this.notificationEmitter.fire(e);
      },
      onRequest: (msg) => this.features.some((f) => f.handleRequest?.(msg) === true),
    };
  }

  /** A modern result whose resultType is unknown "MUST be considered invalid" ("task" is known to a request that declared the tasks extension). */
  private readResult(method: string, result: Record<string, unknown>, seq: number, extensions: Record<string, unknown> | undefined): Record<string, unknown> | Error {
    const resultType = result.resultType;
    const known = extensions?.[TASKS_EXTENSION] !== undefined ? TASK_RESULT_TYPES : KNOWN_RESULT_TYPES;
    if (this.serverInfo?.era === 'modern' && resultType !== undefined && !known.has(String(resultType))) {
      return new InvalidResultError(`${method} returned an unrecognised resultType ${JSON.stringify(resultType)}`, result, seq);
    }
    return method === 'tools/list' && this.mirrorsHeaders() ? this.toolGate.screen(result) : result;
  }

  /** Tool parameters become `Mcp-Param-*` headers on 2026-07-28 Streamable HTTP only. */
  private mirrorsHeaders(): boolean {
    return 'url' in this.spec && this.serverInfo?.era === 'modern';
  }

  private recordEra(outcome: EraOutcome): void {
    const protocolVersion = outcome.era === 'modern' ? outcome.info.protocolVersion : outcome.protocolVersion;
    this.trace.append({
      dir: 'meta',
      kind: 'era',
      raw: `${outcome.era} era (${protocolVersion}): ${outcome.reason}`,
      info: { era: outcome.era, protocolVersion, reason: outcome.reason },
    });
  }
}

function asImplementation(v: unknown): { name: string; version: string } | undefined {
  const r = asRecord(v);
  return r && typeof r.name === 'string' ? (r as { name: string; version: string }) : undefined;
}
