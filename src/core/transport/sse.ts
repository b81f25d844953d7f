/**
 * A text/event-stream parser (WHATWG HTML "Server-sent events", §9.2.6 interpretation).
 * Small enough to own: we need each event's exact data text for the trace, the `id`s for
 * resumption, and the comment lines (keep-alives) ignored, nothing else.
 */

export interface SseEvent {
  /** The event's data lines joined with \n (the final \n removed). */
  data: string;
  /** The `event:` field; the default type is "message". */
  event: string;
  /** The `id:` field of this event, when it had one. */
  id?: string;
  /** A `retry:` reconnection time in milliseconds, when one came with this event. */
  retry?: number;
}

export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private event = '';
  private id: string | undefined;
  private retry: number | undefined;
  private sawData = false;
  private first = true;
  /** The stream's last event ID ("id:" sets it even on an event that carries no data). */
  lastEventId: string | undefined;
  /** The last `retry:` reconnection time the stream set (even on an event without data). */
  lastRetry: number | undefined;
  /** Comment lines (keep-alives) seen so far. */
  comments = 0;
  /** The last chunk ended in \r: a \n starting the next chunk belongs to the same line end. */
  private pendingCr = false;

  /** Feeds decoded text; returns the events completed by it. */
  push(text: string): SseEvent[] {
    if (this.first && text.length > 0) {
      this.first = false;
      // "One leading U+FEFF BYTE ORDER MARK character must be ignored if any are present."
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    const out: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      const line = this.buffer.slice(start, i);
      if (c === 13) {
        if (i + 1 === this.buffer.length) this.pendingCr = true;
        else if (this.buffer.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
      const e = this.line(line);
      if (e) out.push(e);
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }

  /** "If the file ends in the middle of an event, before the final empty line, the incomplete event is not dispatched." */
  end(): { incomplete: boolean } {
    const incomplete = this.sawData || this.buffer.length > 0;
    this.buffer = '';
    this.reset();
    return { incomplete };
  }

  private line(line: string): SseEvent | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) {
      this.comments++; // a comment: keep-alives
      return undefined;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.data.push(value);
        this.sawData = true;
        break;
      case 'event':
        this.event = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.id = this.lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retry = this.lastRetry = Number(value);
        break;
    }
    return undefined;
  }

  private dispatch(): SseEvent | undefined {
    const e: SseEvent | undefined = this.sawData ? { data: this.data.join('\n'), event: this.event || 'message' } : undefined;
    if (e && this.id !== undefined) e.id = this.id;
    if (e && this.retry !== undefined) e.retry = this.retry;
    this.reset();
    return e;
  }

  private reset(): void {
    this.data = [];
    this.event = '';
    this.id = undefined;
    this.retry = undefined;
    this.sawData = false;
  }
}
