/**
 * The reader of one text/event-stream response of the Streamable HTTP transport (a POST's answer,
 * a resumption, the GET listen stream): each event's data is one message, recorded like a stdout
 * line; it tells where to resume (the last event id, the `retry` time) and how the stream ended.
 */
import type { TraceEvent } from '../trace/event';
import type { Trace } from '../trace/trace';
import { ignoreDiscarding } from '../util/ignored';
import { depthOver } from '../wire/jsonDepth';
import { lineEvent } from '../wire/lineEvent';
import type { RequestId } from '../wire/message';
import { BodyOverCapError, MAX_BODY_BYTES } from './httpBody';
import { networkCode, networkMessage } from './httpErrors';
import { answers, type HttpRecorder, type Via } from './httpRecord';
import { SseParser } from './sse';

/** How an SSE response ended: its events, where to resume, and the network error that cut it. */
export interface StreamEnd {
  events: TraceEvent[];
  /** The depth of an event nested over MAX_JSON_DEPTH (not read). */
  tooDeep?: number;
  lastEventId?: string;
  retry?: number;
  broken?: string;
}

/** What the reader records through, and whether the transport is closing. */
export interface StreamHost {
  readonly trace: Trace;
  readonly endpoint: string;
  readonly record: HttpRecorder;
  isClosing(): boolean;
}

/** Which stream this is: what it answers and how it was asked for. */
export interface StreamOrigin {
  via: Via;
  c2sSeq: number | undefined;
  /** The request whose response may come on it (none for the GET listen stream). */
  requestId: RequestId | undefined;
  controller: AbortController;
  resumable?: boolean;
  /** A resumed POST stream arrives on a GET: the break is that GET's. */
  httpMethod?: 'GET' | 'POST';
}

/** Reads a text/event-stream body to its end (or its break). */
export function readEventStream(host: StreamHost, res: Response, origin: StreamOrigin): Promise<StreamEnd> {
  return new EventStreamReader(host, res, origin).read();
}

class EventStreamReader {
  private readonly parser = new SseParser();
  private readonly decoder = new TextDecoder();
  private readonly events: TraceEvent[] = [];
  private readonly httpMethod: 'GET' | 'POST';
  private dispatched = 0;
  private tooDeep: number | undefined;
  private readonly opened = performance.now();
  private bytes = 0;

  constructor(
    private readonly host: StreamHost,
    private readonly res: Response,
    private readonly origin: StreamOrigin,
  ) {
    this.httpMethod = origin.httpMethod ?? (origin.via === 'get' ? 'GET' : 'POST');
  }

  async read(): Promise<StreamEnd> {
    const reader = this.res.body?.getReader();
    if (!reader) return { events: this.events };
    const { signal } = this.origin.controller;
    const idle = () => this.noteIdle();
    signal.addEventListener('abort', idle, { once: true });
    try {
      try {
        await this.pump(reader);
      } catch (err) {
        if (err instanceof BodyOverCapError) throw err;
        if (signal.aborted || this.host.isClosing()) return this.ended();
        return { ...this.ended(), broken: this.noteBroken(err) };
      }
      this.notePartial();
      return this.ended();
    } finally {
      signal.removeEventListener('abort', idle);
    }
  }

  /** Feeds every chunk to the parser; one event (or the bytes before the first) may be no bigger than a whole body. */
  private async pump(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    let sinceEvent = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      this.bytes += value.byteLength;
      sinceEvent += value.byteLength;
      const before = this.dispatched;
      this.take(this.decoder.decode(value, { stream: true }));
      if (this.dispatched > before) sinceEvent = 0;
      if (sinceEvent > MAX_BODY_BYTES) {
        const over = new BodyOverCapError(sinceEvent, MAX_BODY_BYTES, this.res.headers.get('content-encoding') ?? undefined);
        await ignoreDiscarding(reader.cancel());
        this.host.record.overCap(this.res, this.httpMethod, this.origin.c2sSeq, over);
        throw over;
      }
    }
    this.take(this.decoder.decode());
  }

  private take(text: string): void {
    const { via, c2sSeq } = this.origin;
    for (const e of this.parser.push(text)) {
      this.dispatched++;
      // An event with empty data (a resumption primer) carries no message.
      if (e.data === '') continue;
      const depth = depthOver(e.data);
      if (depth !== undefined) {
        this.tooDeep = depth;
        this.events.push(this.host.record.tooDeep(e.data, depth, via, this.res.status, c2sSeq));
        continue;
      }
      this.events.push(this.host.record.deliver({ ...lineEvent('s2c', e.data) }, via, this.res.status, c2sSeq, e.id));
    }
  }

  private ended(): StreamEnd {
    const end: StreamEnd = { events: this.events };
    if (this.parser.lastEventId !== undefined) end.lastEventId = this.parser.lastEventId;
    if (this.parser.lastRetry !== undefined) end.retry = this.parser.lastRetry;
    if (this.tooDeep !== undefined) end.tooDeep = this.tooDeep;
    return end;
  }

  /** A response stream the client gives up on (timeout, close) that sent bytes but not one event. */
  private noteIdle(): void {
    if (this.origin.via !== 'sse' || this.dispatched > 0 || this.bytes === 0) return;
    const { bytes, parser, httpMethod } = this;
    const { endpoint } = this.host;
    const ms = Math.round(performance.now() - this.opened);
    this.host.trace.append({
      dir: 'meta',
      kind: 'http',
      raw: `${httpMethod} ${endpoint}: the event stream sent ${bytes} bytes (${parser.comments} comment lines) and no event in ${ms} ms`,
      info: {
        method: httpMethod,
        url: endpoint,
        status: this.res.status,
        phase: 'stream-no-event',
        bytes,
        comments: parser.comments,
        ms,
        requestSeq: this.origin.c2sSeq,
      },
    });
  }

  /** The network cut the stream: said with whether it will be resumed; returns the error code. */
  private noteBroken(err: unknown): string {
    const { requestId, resumable, c2sSeq } = this.origin;
    const { parser, httpMethod } = this;
    const { endpoint } = this.host;
    const answered = requestId !== undefined && answers(this.events, requestId);
    const code = networkCode(err);
    const resuming = resumable === true && !answered && parser.lastEventId !== undefined;
    this.host.trace.append({
      dir: 'meta',
      kind: 'http',
      raw: `${httpMethod} ${endpoint}: the event stream broke off (${code})${answered ? ' after the response' : resuming ? `; resuming after event ${parser.lastEventId}` : ''}`,
      info: {
        method: httpMethod,
        url: endpoint,
        status: this.res.status,
        phase: 'stream-error',
        error: { code, message: networkMessage(err) },
        answered,
        resuming,
        requestSeq: c2sSeq,
        lastEventId: parser.lastEventId,
      },
    });
    return code;
  }

  /** "If the file ends in the middle of an event, before the final empty line, the incomplete event is not dispatched." */
  private notePartial(): void {
    if (!this.parser.end().incomplete) return;
    this.host.trace.append({
      dir: 'meta',
      kind: 'note',
      raw: `the event stream from ${this.host.endpoint} ended in the middle of an event (not dispatched, as SSE requires)`,
      info: { transport: 'http', phase: 'stream-partial', requestSeq: this.origin.c2sSeq },
    });
  }
}
