/**
 * What Streamable HTTP is in protocol 2025-03-26…2025-11-25: a session (the Mcp-Session-Id the
 * server assigns with the InitializeResult, MCP-Protocol-Version once negotiated, DELETE to end
 * it), the optional GET stream for server-initiated messages, and the resumption of a broken
 * event stream with Last-Event-ID. The 2026-07-28 revision has none of these (statelessHttp.ts).
 */
import type { TraceEvent } from '../trace/event';
import { ignoreDiscarding } from '../util/ignored';
import { abortableDelay } from '../util/longTimeout';
import { isNotification, isResponse, type JsonRpcMessage, type JsonRpcRequest, type RequestId } from '../wire/message';
import type { EndpointRequest } from './httpAuthorizer';
import { BodyOverCapError } from './httpBody';
import { HttpStatusError } from './httpErrors';
import { answers, idKey } from './httpRecord';
import { readEventStream, type StreamEnd, type StreamHost } from './httpStream';
import { TransportClosedError } from './transportErrors';

/** What the session asks of the transport it belongs to. */
export interface SessionHost extends StreamHost {
  /** One request to the endpoint, through the authorizer. */
  fetch(request: EndpointRequest): Promise<Response>;
  /** Config headers, the credentials, and this session's headers. */
  baseHeaders(): Record<string, string>;
  /** Aborted when the transport closes. */
  track(controller: AbortController): void;
  untrack(controller: AbortController): void;
}

export interface SessionOptions {
  /** Legacy servers: open the optional GET stream for server-initiated messages. Default true. */
  getStream?: boolean;
  /** How long close() waits for the DELETE that ends a legacy session. Default 2000 ms. */
  closeTimeoutMs?: number;
}

/** How long before reopening a GET stream the server closed without a `retry` time. */
const DEFAULT_RECONNECT_MS = 1000;

/** Resumptions in a row that bring no new event before the client gives up on a stream. */
const MAX_IDLE_RESUMES = 3;

/** Where the GET listen stream stands between its reopenings. */
interface ListenState {
  lastEventId?: string;
  retry: number;
  idle: number;
}

export class HttpSession {
  private sessionId: string | undefined;
  /** The version the InitializeResult chose, sent as MCP-Protocol-Version from then on. */
  private negotiatedVersion: string | undefined;
  private initializeId: RequestId | undefined;
  private getStreamOpened = false;
  private getStream: AbortController | undefined;

  constructor(
    private readonly host: SessionHost,
    private readonly options: SessionOptions,
  ) {}

  /** The server assigned a session, which close() ends. */
  get active(): boolean {
    return this.sessionId !== undefined;
  }

  /** The session headers, once the server assigned them. */
  addHeaders(headers: Record<string, string>): void {
    if (this.negotiatedVersion) headers['MCP-Protocol-Version'] = this.negotiatedVersion;
    if (this.sessionId !== undefined) headers['Mcp-Session-Id'] = this.sessionId;
  }

  sending(request: JsonRpcRequest): void {
    if (request.method === 'initialize') this.initializeId = request.id;
  }

  /** A POST was accepted: an initialize's answer may assign the session. */
  accepted(request: JsonRpcRequest | undefined, res: Response): void {
    if (request?.method === 'initialize') {
      // "A server using the Streamable HTTP transport MAY assign a session ID at initialization time".
      this.sessionId = res.headers.get('mcp-session-id') ?? undefined;
    }
  }

  /** A message was accepted with 202: after notifications/initialized the GET stream opens. */
  delivered(msg: JsonRpcMessage | undefined): void {
    if (isNotification(msg) && msg.method === 'notifications/initialized' && !this.getStreamOpened) this.openGetStream();
  }

  /** The negotiated version, from the InitializeResult passing through. */
  learn(msg: JsonRpcMessage): void {
    if (!isResponse(msg) || msg.id === null || !msg.result) return;
    if (this.initializeId !== undefined && idKey(msg.id) === idKey(this.initializeId) && typeof msg.result.protocolVersion === 'string') {
      // "the client MUST include the MCP-Protocol-Version … on all subsequent requests".
      this.negotiatedVersion = msg.result.protocolVersion;
    }
  }

  /** A 404 to a request that carried `sent` as its session: the server no longer knows it. */
  expired(sent: string): void {
    if (this.sessionId === sent) this.forget();
  }

  /** "Clients that no longer need a particular session … SHOULD send an HTTP DELETE". */
  async terminate(): Promise<void> {
    const signal = AbortSignal.timeout(this.options.closeTimeoutMs ?? 2000);
    const headers = this.host.baseHeaders();
    try {
      const res = await this.host.fetch({ method: 'DELETE', headers, signal });
      await ignoreDiscarding(res.body?.cancel());
      // 405: "the server does not allow clients to terminate sessions"; nothing else to do.
      this.host.record.exchange('DELETE', headers, res, undefined);
    } catch (err) {
      this.host.record.failure('DELETE', headers, err, undefined);
    }
  }

  /**
   * Resumes a POST's event stream that ended without the response, while each resumption
   * brings something new. Returns every event read and how the last stream ended.
   */
  async resumeUntilAnswered(
    first: StreamEnd,
    method: string,
    c2sSeq: number,
    requestId: RequestId,
    controller: AbortController,
  ): Promise<{ events: TraceEvent[]; end: StreamEnd }> {
    let end = first;
    const events = [...end.events];
    let idle = 0;
    while (
      !answers(events, requestId) &&
      end.lastEventId !== undefined &&
      !controller.signal.aborted &&
      !this.host.isClosing() &&
      idle < MAX_IDLE_RESUMES
    ) {
      const before = end.lastEventId;
      end = await this.resume(end, method, c2sSeq, requestId, controller);
      events.push(...end.events);
      idle = end.lastEventId === before ? idle + 1 : 0;
    }
    return { events, end };
  }

  /** The next initialize starts a new session: no session id, no negotiated version, a new GET stream. */
  private forget(): void {
    this.sessionId = undefined;
    this.negotiatedVersion = undefined;
    this.getStreamOpened = false;
    // The old session's GET stream must not be reopened under the new session.
    this.getStream?.abort();
    this.getStream = undefined;
  }

  /**
   * 2025-11-25: the server "MAY close the connection (without terminating the SSE stream)"
   * and the client "SHOULD then poll" — "Resumption is always via HTTP GET with Last-Event-ID",
   * after waiting the `retry` the server asked for ("The client MUST respect the retry field").
   */
  private async resume(
    prev: StreamEnd,
    method: string,
    c2sSeq: number,
    requestId: RequestId,
    controller: AbortController,
  ): Promise<StreamEnd> {
    const { trace, endpoint, record } = this.host;
    trace.append({
      dir: 'meta',
      kind: 'note',
      raw: `resuming the event stream of ${method} after event ${prev.lastEventId}${prev.retry ? ` in ${prev.retry} ms (the retry the server asked for)` : ''}`,
      info: {
        transport: 'http',
        phase: 'stream-resume',
        requestSeq: c2sSeq,
        lastEventId: prev.lastEventId,
        ...(prev.retry ? { retry: prev.retry } : {}),
      },
    });
    if (prev.retry) await abortableDelay(prev.retry, controller.signal);
    if (controller.signal.aborted || this.host.isClosing()) throw new TransportClosedError();
    const headers: Record<string, string> = { ...this.host.baseHeaders(), Accept: 'text/event-stream', 'Last-Event-ID': prev.lastEventId! };
    let res: Response;
    try {
      res = await this.host.fetch({ method: 'GET', headers, signal: controller.signal });
    } catch (err) {
      if (this.host.isClosing() || controller.signal.aborted) throw new TransportClosedError();
      throw record.failure('GET', headers, err, c2sSeq, { resume: true });
    }
    if (!res.ok) {
      record.exchange('GET', headers, res, c2sSeq, await record.readBody(res, 'GET', c2sSeq), { resume: true });
      const sessionExpired = res.status === 404 && headers['Mcp-Session-Id'] !== undefined;
      throw new HttpStatusError(
        `Could not resume the event stream of ${method}: GET with Last-Event-ID got HTTP ${res.status} from ${endpoint}`,
        res.status,
        endpoint,
        sessionExpired,
      );
    }
    record.exchange('GET', headers, res, c2sSeq, undefined, { resume: true });
    const end = await readEventStream(this.host, res, { via: 'sse', c2sSeq, requestId, controller, resumable: true, httpMethod: 'GET' });
    return { ...end, lastEventId: end.lastEventId ?? prev.lastEventId, retry: end.retry ?? prev.retry };
  }

  /**
   * "The client MAY issue an HTTP GET to the MCP endpoint" to receive server-initiated
   * messages. "The server MAY close the SSE stream at any time": it is reopened (resuming after
   * its last event id, after its `retry` time) until it stops bringing anything new.
   */
  private openGetStream(): void {
    this.getStreamOpened = true;
    if (this.options.getStream === false || this.host.isClosing()) return;
    const controller = new AbortController();
    this.host.track(controller);
    this.getStream = controller;
    void this.listen(controller);
  }

  private async listen(controller: AbortController): Promise<void> {
    const state: ListenState = { retry: DEFAULT_RECONNECT_MS, idle: 0 };
    try {
      while (!this.host.isClosing() && !controller.signal.aborted && state.idle < MAX_IDLE_RESUMES) {
        const end = await this.listenOnce(controller, state.lastEventId);
        if (end === undefined || this.host.isClosing() || controller.signal.aborted) return;
        const progressed = end.events.length > 0 || (end.lastEventId !== undefined && end.lastEventId !== state.lastEventId);
        state.idle = progressed ? 0 : state.idle + 1;
        state.lastEventId = end.lastEventId ?? state.lastEventId;
        state.retry = end.retry ?? state.retry;
        if (state.idle >= MAX_IDLE_RESUMES) break;
        await this.waitToReopen(state, end, controller.signal);
      }
    } catch (err) {
      // An oversize body is recorded where it was read.
      if (!controller.signal.aborted && !this.host.isClosing() && !(err instanceof BodyOverCapError))
        this.host.record.failure('GET', { ...this.host.baseHeaders(), Accept: 'text/event-stream' }, err, undefined);
    } finally {
      this.host.untrack(controller);
    }
  }

  /** One GET stream, read to its end; undefined when the server offers none. */
  private async listenOnce(controller: AbortController, lastEventId: string | undefined): Promise<StreamEnd | undefined> {
    const { record } = this.host;
    const headers: Record<string, string> = { ...this.host.baseHeaders(), Accept: 'text/event-stream' };
    if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
    const res = await this.host.fetch({ method: 'GET', headers, signal: controller.signal });
    if (!res.ok) {
      // 405: "the server does not offer an SSE stream at this endpoint" — allowed.
      record.exchange('GET', headers, res, undefined, await record.readBody(res, 'GET', undefined));
      return undefined;
    }
    record.exchange('GET', headers, res, undefined);
    // Reopened with Last-Event-ID below, whether the server ended the stream or the network cut it.
    return readEventStream(this.host, res, { via: 'get', c2sSeq: undefined, requestId: undefined, controller, resumable: true });
  }

  private async waitToReopen(state: ListenState, end: StreamEnd, signal: AbortSignal): Promise<void> {
    const { lastEventId, retry } = state;
    const after = lastEventId === undefined ? '' : ` with Last-Event-ID ${lastEventId}`;
    this.host.trace.append({
      dir: 'meta',
      kind: 'note',
      raw: `the GET event stream ${end.broken ? 'broke off' : 'ended'}; reopening it${after} in ${retry} ms`,
      info: { transport: 'http', phase: 'get-reopen', lastEventId, retry },
    });
    await abortableDelay(retry, signal);
  }
}
