import type { TraceEvent } from '../trace/event';
import type { RuleId } from './diagnostic';
import { isNotification, isRequest, isResponse, type RequestId } from '../wire/message';
import { MODERN_META, isModernVersion } from './versions';
import { rootFolders } from './internals';

/** A request seen on the wire (either direction) and what became of it. */
export interface RequestRecord {
  id: RequestId;
  method: string;
  seq: number;
  dir: 'c2s' | 's2c';
  params?: Record<string, unknown>;
  progressToken?: string | number;
  /** The protocol version the request carried in `_meta` (modern) or offered (initialize). */
  version?: string;
  responseSeq?: number;
  cancelledSeq?: number;
  timeoutSeq?: number;
  /** The client stopped waiting without telling the server (lost at exit, a superseded initialize). */
  abandonedSeq?: number;
}

export interface ToolRecord {
  name: string;
  seq: number;
  inputSchema?: unknown;
  outputSchema?: unknown;
}

export interface StderrLine {
  seq: number;
  text: string;
}

/**
 * A Map key for an id: numbers and strings as themselves (a Map tells 1 from "1", and no
 * string is built per message), anything else (not a valid id, but traces hold faults) as a
 * symbol named by its type and text, which no string or number can equal.
 */
export type IdKey = string | number | symbol;

/** JSON-RPC ids are matched by value *and* type: 1 and "1" are different requests. */
export function idKey(id: unknown): IdKey {
  if (typeof id === 'number' || typeof id === 'string') return id;
  return Symbol.for(`${typeof id}:${String(id)}`);
}

const STDERR_KEEP = 200;
/**
 * How many settled client requests (answered, cancelled, or replaced by a request reusing
 * their id) stay known, newest first: enough for a late duplicate answer, a message after a
 * cancel, or a response with an unknown id, while a long session's memory stays bounded.
 */
export const SETTLED_KEEP = 10_000;
/** Server→client requests kept by id (the client's answers to them are checked against them). */
const SERVER_REQUESTS_KEEP = 10_000;
/** Stray-stdout sources kept by text: a source is recorded just before the stray line it explains. */
const STRAY_WRITERS_KEEP = 1_000;

/**
 * What a request's params are needed for once it has its first answer: describing it (the
 * tool or prompt name, the resource uri), missing-meta's _meta check on a repeated -32602,
 * and the schema choice for a task-augmented request ('task' in params). Arguments, cursors
 * and the rest served the rules that read the first answer, which have run by now.
 */
function slimParams(params: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (typeof params !== 'object' || params === null) return params;
  const slim: Record<string, unknown> = {};
  if (typeof params.name === 'string') slim.name = params.name;
  if (typeof params.uri === 'string') slim.uri = params.uri;
  if (typeof params.taskId === 'string') slim.taskId = params.taskId;
  if ('task' in params) slim.task = true;
  const meta = params._meta;
  if (typeof meta === 'object' && meta !== null) {
    const kept: Record<string, unknown> = {};
    for (const key of [MODERN_META.protocolVersion, MODERN_META.clientCapabilities]) {
      if ((meta as Record<string, unknown>)[key] !== undefined) kept[key] = (meta as Record<string, unknown>)[key];
    }
    slim._meta = kept;
  } else if (meta !== undefined) slim._meta = meta;
  return slim;
}

/**
 * What the rules know about the session so far, built incrementally from the events.
 * Rules see the state *before* the event they are looking at (so "already answered" or
 * "capabilities declared earlier" read naturally); the engine updates it afterwards.
 */
export class DiagnoseContext {
  /** Client requests by id (the latest request with that id). */
  readonly requests = new Map<IdKey, RequestRecord>();
  /** Server→client requests by id. */
  readonly serverRequests = new Map<IdKey, RequestRecord>();
  readonly requestsBySeq = new Map<number, RequestRecord>();
  /** Response seqs by client-request id key, in order of arrival. */
  readonly responses = new Map<IdKey, number[]>();
  /** progressToken key → the client request that carries it. */
  readonly progressTokens = new Map<IdKey, RequestRecord>();
  /** Settled client requests, oldest first: past SETTLED_KEEP the oldest is forgotten (see settle). */
  private readonly settled = new Set<RequestRecord>();

  era: 'modern' | 'legacy' | undefined;
  /** The protocol version in use once known (meta 'era', initialize result, or modern `_meta`). */
  protocolVersion: string | undefined;
  eraSeq: number | undefined;

  capabilities: Record<string, unknown> | undefined;
  /** The initialize result or DiscoverResult that declared `capabilities`. */
  capabilitiesSeq: number | undefined;
  initialize: RequestRecord | undefined;
  initializeResultSeq: number | undefined;
  initializedSeq: number | undefined;
  discover: RequestRecord | undefined;
  /** How the server/discover probe ended: the error response or timeout that proves it failed. */
  discoverFailure: { seq: number; how: 'error' | 'timeout'; code?: number } | undefined;
  discoverResultSeq: number | undefined;

  readonly tools = new Map<string, ToolRecord>();
  /** Timeouts while the server had written nothing (no-response cites them; after any output nothing reads them). */
  readonly timeouts: { seq: number; id: unknown; method?: string }[] = [];

  spawned: { seq: number; command: string; args: string[]; cwd?: string } | undefined;
  /** Set once the trace shows a Streamable HTTP exchange: no process, no stdout. */
  httpSeq: number | undefined;
  spawnFailedSeq: number | undefined;
  stdinClosedSeq: number | undefined;
  exit: { seq: number; code: number | null; signal: string | null } | undefined;
  firstS2cSeq: number | undefined;
  firstResponseSeq: number | undefined;
  /** The latest client message (for telling a reply to a notification). */
  lastC2s: TraceEvent | undefined;
  /** The folders of the client's latest roots/list answer (a legacy response, or a modern input response). */
  roots: string[] = [];
  readonly stderr: StderrLine[] = [];
  /** The preload's 'stray-source' events by the text written: where a stray stdout write came from. */
  readonly strayWriters = new Map<string, { seq: number; where: string }>();
  private readonly ruleStates = new Map<string, unknown>();
  /** Rules that have reported at least once (so one rule can defer to another). */
  readonly fired = new Set<RuleId>();

  /** Per-engine state of one rule (rules themselves are stateless objects). */
  stateOf<T>(rule: string, init: () => T): T {
    let state = this.ruleStates.get(rule) as T | undefined;
    if (state === undefined) {
      state = init();
      this.ruleStates.set(rule, state);
    }
    return state;
  }

  requestFor(id: unknown): RequestRecord | undefined {
    return this.requests.get(idKey(id));
  }

  /**
   * Client requests the client is still waiting for: no response, not cancelled, not timed
   * out (a timed-out probe is an answer: legacy), not given up.
   */
  pending(): RequestRecord[] {
    return [...this.requests.values()].filter(
      (r) => r.responseSeq === undefined && r.cancelledSeq === undefined && r.timeoutSeq === undefined && r.abandonedSeq === undefined,
    );
  }

  update(e: TraceEvent): void {
    if (e.dir === 'stderr') {
      this.stderr.push({ seq: e.seq, text: e.raw });
      if (this.stderr.length > STDERR_KEEP) this.stderr.splice(0, this.stderr.length - STDERR_KEEP);
      return;
    }
    if (e.dir === 'meta') return this.updateMeta(e);
    if (e.dir === 's2c' && this.firstS2cSeq === undefined) this.firstS2cSeq = e.seq;
    if (e.dir === 'c2s') this.lastC2s = e;
    const msg = e.msg;
    if (isRequest(msg) && msg.id !== null) this.addRequest(e, msg.id, msg.method, msg.params);
    else if (isNotification(msg) && e.dir === 'c2s') this.clientNotification(e, msg.method, msg.params);
    else if (isNotification(msg) && e.dir === 's2c' && msg.method === 'notifications/cancelled') this.streamEndedByServer(e, msg.params);
    else if (isResponse(msg) && e.dir === 's2c') this.serverResponse(e, msg.id, msg.result, msg.error);
    else if (isResponse(msg)) this.roots = rootFolders(msg.result) ?? this.roots;
    if (e.dir === 'c2s' && isRequest(msg) && msg.params?.inputResponses) {
      for (const answer of Object.values(msg.params.inputResponses)) this.roots = rootFolders(answer) ?? this.roots;
    }
  }

  private addRequest(e: TraceEvent, id: RequestId, method: string, params?: Record<string, unknown>): void {
    const meta = params?._meta as Record<string, unknown> | undefined;
    const token = meta?.progressToken;
    const record: RequestRecord = {
      id,
      method,
      seq: e.seq,
      dir: e.dir === 's2c' ? 's2c' : 'c2s',
      params,
      progressToken: typeof token === 'string' || typeof token === 'number' ? token : undefined,
    };
    if (record.dir === 's2c') {
      const key = idKey(id);
      // Deleted first so the Map's order is by recency and the oldest is the one forgotten.
      this.serverRequests.delete(key);
      this.serverRequests.set(key, record);
      this.requestsBySeq.set(e.seq, record);
      if (this.serverRequests.size > SERVER_REQUESTS_KEEP) {
        const [oldKey, old] = this.serverRequests.entries().next().value as [IdKey, RequestRecord];
        this.serverRequests.delete(oldKey);
        if (this.requestsBySeq.get(old.seq) === old) this.requestsBySeq.delete(old.seq);
      }
      return;
    }
    const modern = meta?.[MODERN_META.protocolVersion];
    if (typeof modern === 'string') record.version = modern;
    if (method === 'initialize' && typeof params?.protocolVersion === 'string') record.version = params.protocolVersion;
    const key = idKey(id);
    const replaced = this.requests.get(key);
    this.requests.set(key, record);
    this.responses.delete(key);
    // The earlier request with this id can no longer be found by id; only its seq still names it.
    if (replaced) this.settle(replaced);
    this.requestsBySeq.set(e.seq, record);
    if (record.progressToken !== undefined) this.progressTokens.set(idKey(record.progressToken), record);
    if (method === 'initialize') this.initialize = record;
    if (method === 'server/discover') this.discover = record;
    // A modern request names its version: that is the version in use from here on.
    if (typeof modern === 'string' && method !== 'server/discover' && this.era !== 'legacy') {
      this.protocolVersion = modern;
      if (isModernVersion(modern)) this.era = 'modern';
    }
  }

  private clientNotification(e: TraceEvent, method: string, params?: Record<string, unknown>): void {
    if (method === 'notifications/initialized' && this.initializedSeq === undefined) this.initializedSeq = e.seq;
    if (method === 'notifications/cancelled') {
      const r = this.requestFor(params?.requestId);
      if (r && r.cancelledSeq === undefined) {
        r.cancelledSeq = e.seq;
        this.settle(r);
      }
    }
  }

  /** "On stdio, the server also sends this notification, solely to terminate a subscriptions/listen stream": that request is over. */
  private streamEndedByServer(e: TraceEvent, params?: Record<string, unknown>): void {
    const r = this.requestFor(params?.requestId);
    if (r?.method !== 'subscriptions/listen' || r.cancelledSeq !== undefined || r.responseSeq !== undefined) return;
    r.cancelledSeq = e.seq;
    this.settle(r);
  }

  /**
   * Marks a request as done with (answered, cancelled or replaced) and forgets the oldest
   * such request beyond SETTLED_KEEP: a long session keeps only its newest settled requests.
   * Pending requests are never forgotten: pending() and the exit rules need every one.
   */
  private settle(r: RequestRecord): void {
    this.settled.add(r);
    if (this.settled.size <= SETTLED_KEEP) return;
    const old = this.settled.values().next().value as RequestRecord;
    this.settled.delete(old);
    const key = idKey(old.id);
    if (this.requests.get(key) === old) {
      this.requests.delete(key);
      this.responses.delete(key);
    }
    if (this.requestsBySeq.get(old.seq) === old) this.requestsBySeq.delete(old.seq);
    if (old.progressToken !== undefined) {
      const token = idKey(old.progressToken);
      if (this.progressTokens.get(token) === old) this.progressTokens.delete(token);
    }
  }

  /** Settled client requests still known (at most SETTLED_KEEP). */
  get settledCount(): number {
    return this.settled.size;
  }

  private serverResponse(e: TraceEvent, id: unknown, result: unknown, error: unknown): void {
    if (this.firstResponseSeq === undefined) this.firstResponseSeq = e.seq;
    if (id === null || id === undefined) return;
    const key = idKey(id);
    const r = this.requests.get(key);
    if (!r) return;
    const seqs = this.responses.get(key) ?? [];
    seqs.push(e.seq);
    this.responses.set(key, seqs);
    if (r.responseSeq !== undefined) return;
    r.responseSeq = e.seq;
    // The rules that read the first answer have run (they see the context before the event).
    r.params = slimParams(r.params);
    this.settle(r);
    const res = (typeof result === 'object' && result !== null ? result : undefined) as Record<string, unknown> | undefined;
    if (r.method === 'initialize' && res) this.initializeResult(e, res);
    if (r.method === 'server/discover') this.discoverResponse(e, res, error);
    if (r.method === 'tools/list' && res && Array.isArray(res.tools)) this.toolList(e, res.tools);
  }

  private initializeResult(e: TraceEvent, res: Record<string, unknown>): void {
    this.initializeResultSeq = e.seq;
    if (typeof res.capabilities === 'object' && res.capabilities !== null) {
      this.capabilities = res.capabilities as Record<string, unknown>;
      this.capabilitiesSeq = e.seq;
    }
    if (this.era !== 'modern') {
      this.era = 'legacy';
      if (typeof res.protocolVersion === 'string') this.protocolVersion = res.protocolVersion;
    }
  }

  private discoverResponse(e: TraceEvent, res: Record<string, unknown> | undefined, error: unknown): void {
    if (res && Array.isArray(res.supportedVersions)) {
      this.discoverResultSeq = e.seq;
      this.era = 'modern';
      if (typeof res.capabilities === 'object' && res.capabilities !== null) {
        this.capabilities = res.capabilities as Record<string, unknown>;
        this.capabilitiesSeq = e.seq;
      }
      if (!this.protocolVersion && this.discover?.version) this.protocolVersion = this.discover.version;
    } else if (error !== undefined || res) {
      const code = (error as { code?: unknown } | undefined)?.code;
      this.discoverFailure = { seq: e.seq, how: 'error', code: typeof code === 'number' ? code : undefined };
    }
  }

  private toolList(e: TraceEvent, tools: unknown[]): void {
    for (const t of tools) {
      if (typeof t !== 'object' || t === null) continue;
      const tool = t as Record<string, unknown>;
      if (typeof tool.name !== 'string') continue;
      this.tools.set(tool.name, { name: tool.name, seq: e.seq, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema });
    }
  }

  private updateMeta(e: TraceEvent): void {
    const info = e.info ?? {};
    if (this.httpSeq === undefined && (e.kind === 'http' || info.transport === 'http')) this.httpSeq = e.seq;
    switch (e.kind) {
      case 'spawned':
        this.spawned = {
          seq: e.seq,
          command: String(info.command ?? ''),
          args: Array.isArray(info.args) ? info.args.map(String) : [],
          cwd: typeof info.cwd === 'string' ? info.cwd : undefined,
        };
        break;
      case 'spawn-failed':
        this.spawnFailedSeq = e.seq;
        if (!this.spawned) this.spawned = { seq: e.seq, command: String(info.command ?? ''), args: [] };
        break;
      case 'stdin-closed':
        if (this.stdinClosedSeq === undefined) this.stdinClosedSeq = e.seq;
        break;
      case 'exited':
        if (!this.exit) {
          this.exit = {
            seq: e.seq,
            code: typeof info.code === 'number' ? info.code : null,
            signal: typeof info.signal === 'string' ? info.signal : null,
          };
        }
        break;
      case 'timeout': {
        if (this.firstS2cSeq === undefined)
          this.timeouts.push({ seq: e.seq, id: info.id, method: typeof info.method === 'string' ? info.method : undefined });
        const r = this.requestFor(info.id);
        if (r && r.timeoutSeq === undefined) r.timeoutSeq = e.seq;
        if (r && r === this.discover && r.responseSeq === undefined && !this.discoverFailure) {
          this.discoverFailure = { seq: e.seq, how: 'timeout' };
        }
        break;
      }
      case 'cancelled': {
        const r = this.requestFor(info.id);
        if (!r || r.cancelledSeq !== undefined || r.abandonedSeq !== undefined) break;
        // Only a cancel the server was told of binds it ("MUST NOT send any further messages").
        if (info.local === true) r.abandonedSeq = e.seq;
        else r.cancelledSeq = e.seq;
        this.settle(r);
        break;
      }
      case 'stray-source': {
        const stack = Array.isArray(info.stack) ? (info.stack as { file?: unknown; line?: unknown; library?: unknown }[]) : [];
        const frame = stack.find((f) => f.library !== true) ?? stack[0];
        if (typeof info.text === 'string' && frame && typeof frame.file === 'string') {
          this.strayWriters.delete(info.text);
          this.strayWriters.set(info.text, { seq: e.seq, where: `${frame.file}:${String(frame.line)}` });
          if (this.strayWriters.size > STRAY_WRITERS_KEEP) this.strayWriters.delete(this.strayWriters.keys().next().value as string);
        }
        break;
      }
      case 'era':
        if (info.era === 'modern' || info.era === 'legacy') this.era = info.era;
        if (typeof info.protocolVersion === 'string') this.protocolVersion = info.protocolVersion;
        this.eraSeq = e.seq;
        break;
    }
  }
}
