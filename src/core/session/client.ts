import { exitSentence } from '../diagnose/exitStory';
import type { TraceEvent } from '../trace/event';
import { Trace } from '../trace/trace';
import type { HttpServerSpec } from '../transport/http';
import { remoteTransport } from '../transport/sseFallback';
import { StdioTransport, type ExitInfo, type ServerSpec } from '../transport/stdio';
import type { Transport } from '../transport/transport';
import { Emitter, type Disposable } from '../util/disposable';
import type { JsonRpcNotification } from '../wire/message';
import { asRecord } from '../schema/isRecord';
import { declaredCapabilities, type AnswerPaths } from './clientCapabilities';
import { probeBounds, type ClientOptions, type ServerInfo } from './clientOptions';
import { InvalidResultError } from './errors';
import { Exchange, type ExchangeHooks, type RequestOptions } from './exchange';
import type { InputAnswerers, InputRound } from './inputRequired';
import type { ListenStream, SubscriptionFilter } from './listen';
import type { LogLevel } from './logLevel';
import {
  KNOWN_RESULT_TYPES,
  LIST_ITEMS_KEY,
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_PROTOCOL_VERSION,
  MODERN_VERSIONS,
  type ListMethod,
} from './protocol';
import type { Root } from './roots';
import type { TaskState } from './tasks';
import { TASK_RESULT_TYPES, TASKS_EXTENSION } from './tasksModern';
import { ElicitationFeature, SamplingFeature } from './features/asks';
import { EraProbe } from './features/eraProbe';
import type { ClientFeature, FeatureHost } from './features/feature';
import { HttpRecovery } from './features/httpRecovery';
import { InputRounds } from './features/inputRounds';
import { ListenFeature } from './features/listenStreams';
import { LogLevelFeature } from './features/logLevelFeature';
import { ProgressFeature } from './features/progress';
import { RootsFeature } from './features/rootsList';
import { ServerRequests } from './features/serverRequests';
import { TaskRuns, type TaskCallOptions } from './features/taskRuns';

export {
  ConnectionClosedError,
  InvalidResultError,
  OversizeResponseError,
  InvalidAskError,
  ProtocolError,
  RefusedAskError,
  RejectedToolError,
  RequestCancelledError,
  RequestTimeoutError,
  UnansweredInputError,
} from './errors';
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
 *
 * A small core: the request/response machinery is the Exchange (exchange.ts), and each
 * protocol feature is a ClientFeature of its own (features/): it declares what it answers,
 * handles its messages and owns its state. The client composes them and keeps the API.
 */
export class McpClient {
  readonly trace: Trace;
  /** What this client says it is (`initialize` clientInfo, the 2026-07-28 `_meta` one). */
  readonly clientInfo: { name: string; version: string };
  readonly exited: Promise<ExitInfo>;
  private readonly transport: Transport;
  private readonly exchange: Exchange;
  private readonly eraProbe: EraProbe;
  private readonly rounds: InputRounds;
  private readonly roots: RootsFeature;
  private readonly logLevel: LogLevelFeature;
  private readonly streams: ListenFeature;
  private readonly tasks: TaskRuns;
  private readonly http: HttpRecovery;
  /** The features with hooks, in the order each adds to a declaration and hears a message. */
  private readonly features: ClientFeature[];
  /** The features that hear notifications, in that order: a flood's every line visits only these. */
  private readonly hearers: ClientFeature[];
  private serverInfo: ServerInfo | undefined;
  private readonly closeEmitter = new Emitter<ExitInfo>();
  private readonly notificationEmitter = new Emitter<TraceEvent>();

  readonly onDidClose = (listener: (info: ExitInfo) => void): Disposable => this.closeEmitter.event(listener);
  /** Every notification the server sends (list_changed, logging, progress…). */
  readonly onNotification = (listener: (e: TraceEvent) => void): Disposable => this.notificationEmitter.event(listener);
  /** Every question the server asked (legacy request or MRTR entry) once the client answered or refused it. */
  readonly onInputRound: (listener: (r: InputRound) => void) => Disposable;

  constructor(
    readonly spec: ServerSpec | HttpServerSpec,
    private readonly options: ClientOptions = {},
  ) {
    this.trace = options.trace ?? new Trace();
    this.clientInfo = options.clientInfo ?? DEFAULT_CLIENT_INFO;
    const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.transport =
      'url' in spec ? remoteTransport(spec, this.trace, options.http) : new StdioTransport(spec, this.trace, options.transport);
    this.exchange = new Exchange(this.transport, this.trace, this.exchangeHooks(), {
      requestTimeoutMs,
      maxTimeoutMs: options.maxTimeoutMs ?? requestTimeoutMs * 10,
      firstId: options.firstId ?? 1,
    });
    const host = this.featureHost();
    // Never past the request timeout, as the editor's and the CLI's own bounds.
    const probe = probeBounds(requestTimeoutMs);
    this.eraProbe = new EraProbe(host, {
      clientInfo: this.clientInfo,
      modernVersions: options.modernVersions ?? [...MODERN_VERSIONS],
      probeTimeoutMs: options.probeTimeoutMs ?? probe.probeTimeoutMs,
      probeMaxWaitMs: options.probeMaxWaitMs ?? probe.probeMaxWaitMs,
    });
    this.rounds = new InputRounds(host);
    this.onInputRound = this.rounds.onInputRound;
    this.roots = new RootsFeature(host, options.roots);
    this.logLevel = new LogLevelFeature(host);
    this.streams = new ListenFeature(host);
    this.http = new HttpRecovery(host, {
      listTools: () => this.listAll('tools/list'),
      startNewSession: async (version) => (this.serverInfo = await this.eraProbe.initialize(version)),
    });
    this.tasks = new TaskRuns(host, {
      callTool: (name, args, opts) => this.callTool(name, args, opts),
      listen: (filter) => this.listen(filter),
      onNotification: this.onNotification,
      rounds: this.rounds,
    });
    // Answerers in the order they were always listed; progress is read before the streams route.
    this.features = [
      new ProgressFeature(this.exchange),
      new ElicitationFeature(options.elicit, !!options.elicitUrl),
      new SamplingFeature(options.sample, !!options.sampleTools),
      this.roots,
      new ServerRequests(host, this.rounds),
      this.logLevel,
      this.streams,
      this.http,
    ];
    this.hearers = this.features.filter((f) => f.handleNotification);
    this.exited = this.transport.exited;
    void this.exited.then((info) => this.connectionEnded(info));
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

  /** Every living process of a stdio server's tree (a launcher and what it runs); none over HTTP. */
  processIds(): Promise<number[]> {
    return this.transport.processIds?.() ?? Promise.resolve([]);
  }

  /** Spawns the server, learns its era, and completes the legacy handshake when there is one. */
  async connect(): Promise<ServerInfo> {
    await this.transport.start();
    this.serverInfo = await this.eraProbe.learn();
    return this.serverInfo;
  }

  /** Sends a request and resolves with its result; a JSON-RPC error rejects with ProtocolError. */
  request(method: string, params?: Record<string, unknown>, opts?: RequestOptions): Promise<Record<string, unknown>> {
    if (!this.serverInfo) return Promise.reject(new Error(`Cannot send ${method}: connect() has not completed`));
    // A legacy stdio server's answer is complete (no InputRequiredResult) and its errors have no
    // recovery (those are Streamable HTTP's): the request's own promise is the answer.
    if (this.serverInfo.era === 'legacy' && !('url' in this.spec)) return this.exchange.send(method, params, opts);
    // One promise per call where it can be: most results are complete, and most requests succeed.
    const complete = (result: Record<string, unknown>) =>
      this.rounds.wantsInput(result) ? this.rounds.untilComplete(method, params, result, this.sender(method, opts)) : result;
    return this.exchange
      .send(method, params, opts)
      .then(complete, (err: unknown) => this.http.recover(err, method, () => this.exchange.send(method, params, opts)).then(complete));
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
  private sender(
    method: string,
    opts: RequestOptions | undefined,
  ): (p: Record<string, unknown> | undefined) => Promise<Record<string, unknown>> {
    return (p) =>
      this.exchange
        .send(method, p, opts)
        .catch((err: unknown) => this.http.recover(err, method, () => this.exchange.send(method, p, opts)));
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
    const refusal = this.http.refusal(name);
    if (refusal) return Promise.reject(refusal);
    return this.request('tools/call', { name, arguments: args }, opts);
  }

  /** tools/call, one round: an InputRequiredResult is returned, not followed (see requestRound). */
  callToolRound(name: string, args: Record<string, unknown>, opts?: RequestOptions): Promise<Record<string, unknown>> {
    const refusal = this.http.refusal(name);
    if (refusal) return Promise.reject(refusal);
    return this.requestRound('tools/call', { name, arguments: args }, opts);
  }

  /** A tool run as a task, in the era's generation of tasks (features/taskRuns.ts). */
  callToolAsTask(
    name: string,
    args: Record<string, unknown>,
    opts?: TaskCallOptions,
  ): Promise<{ task?: TaskState; result: Record<string, unknown> }> {
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

  /** New roots; a legacy server is told they changed (features/rootsList.ts). */
  setRoots(roots: Root[]): Promise<void> {
    return this.roots.setRoots(roots);
  }

  /** The server's log level, as each era sets it (features/logLevelFeature.ts). */
  setLogLevel(level: LogLevel): Promise<void> {
    return this.logLevel.setLogLevel(level);
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

  /** The connection ended: every request still waiting is lost, every feature lets go, listeners hear it. */
  private connectionEnded(info: ExitInfo): void {
    // A connection with no process (HTTP+SSE: the server closed its stream) ends without an exit code.
    // Without the stderr reason: a lost request's row stays one short line (the Servers row and the cards give the why).
    this.exchange.connectionLost(`the server ${exitSentence(info, 'before answering')}`);
    this.clearFeatures(`the server ${exitSentence(info)}`);
    this.closeEmitter.fire(info);
  }

  private clearFeatures(reason: string): void {
    for (const f of this.features) f.clear?.(reason);
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
      requestMeta: (extensions) =>
        this.serverInfo?.era === 'modern' ? this.modernMeta(this.serverInfo.protocolVersion, extensions) : undefined,
      readResult: (method, result, seq, extensions) => this.readResult(method, result, seq, extensions),
      claimResponse: (e) => this.features.some((f) => f.claimResponse?.(e) === true),
      onNotification: (e) => {
        const msg = e.msg as JsonRpcNotification;
        for (const f of this.hearers) f.handleNotification!(msg, e);
        this.notificationEmitter.fire(e);
      },
      onRequest: (msg) => this.features.some((f) => f.handleRequest?.(msg) === true),
    };
  }

  /** A modern result whose resultType is unknown "MUST be considered invalid" ("task" is known to a request that declared the tasks extension). */
  private readResult(
    method: string,
    result: Record<string, unknown>,
    seq: number,
    extensions: Record<string, unknown> | undefined,
  ): Record<string, unknown> | Error {
    const resultType = result.resultType;
    const known = extensions?.[TASKS_EXTENSION] !== undefined ? TASK_RESULT_TYPES : KNOWN_RESULT_TYPES;
    if (this.serverInfo?.era === 'modern' && resultType !== undefined && !known.has(String(resultType))) {
      return new InvalidResultError(`${method} returned an unrecognised resultType ${JSON.stringify(resultType)}`, result, seq);
    }
    let screened = result;
    for (const f of this.features) if (f.screenResult) screened = f.screenResult(method, screened);
    return screened;
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
}
