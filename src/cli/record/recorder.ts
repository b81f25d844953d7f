import { serializeEvent } from '../../core/trace/jsonl';
import type { NewTraceEvent, TraceEvent } from '../../core/trace/event';
import { LineFramer, type Frame } from '../../core/wire/framer';
import { stderrEvent } from '../../core/wire/lineEvent';
import { StdoutClassifier } from '../../core/wire/stdoutClassifier';
import type { RecorderMessage } from './messages';
import { TraceFileWriter } from './traceFileWriter';
import { maxLineBytes, writeMessageLine } from './messageLine';

type StreamDir = 'c2s' | 's2c' | 'stderr';

/**
 * Turns the relayed chunks into trace events and writes them as *.mcptrace.jsonl.
 * It runs off the relay's thread: framing, classifying and serialising cost far more than
 * copying bytes, and the proxy must not slow the conversation it records.
 */
export class Recorder {
  // Numbered here rather than kept in a Trace: a proxy may record for hours, and every
  // event is on disk the moment its batch is written, so nothing needs to stay in memory.
  private seq = 0;
  private readonly framers: Record<StreamDir, LineFramer> = {
    c2s: new LineFramer(),
    s2c: new LineFramer(),
    stderr: new LineFramer(),
  };
  // Both protocol directions get the stdout treatment: a host's stdin can be faulty too.
  private readonly classifiers = { c2s: new StdoutClassifier('c2s'), s2c: new StdoutClassifier('s2c') };
  private readonly file: TraceFileWriter;

  /**
   * `fd`: the trace file, opened (and so checked) by the relay before the server starts;
   * the relay closes it once `drained` has resolved.
   */
  constructor(fd: number) {
    this.file = new TraceFileWriter(fd);
  }

  get count(): number {
    return this.seq;
  }

  handle(m: Exclude<RecorderMessage, { type: 'close' }>): void {
    switch (m.type) {
      case 'chunk': {
        const chunk = Buffer.from(m.chunk.buffer, m.chunk.byteOffset, m.chunk.byteLength);
        if (m.dir === 'stderr') this.pushFrames('stderr', chunk, m.t);
        else this.protocolChunk(m.dir, chunk, m.t);
        break;
      }
      case 'end': {
        const frame = this.framers[m.dir].end();
        if (frame) this.appendFrame(m.dir, frame, m.t);
        if (m.dir !== 'stderr') for (const e of this.classifiers[m.dir].end()) this.append(e, m.t);
        break;
      }
      case 'meta':
        this.append({ dir: 'meta', kind: m.kind, raw: m.raw, ...(m.info ? { info: m.info } : {}) }, m.t);
        break;
    }
  }

  /** Starts writing what the last batches of messages produced (one write while none is in flight). */
  flush(): void {
    this.file.flush();
  }

  /** Everything handled so far is on disk; or the write error that stopped it. */
  drained(): Promise<Error | undefined> {
    return this.file.drained();
  }

  /**
   * A well-formed message line, whole in this chunk and not part of a value held over
   * several lines, is written from its bytes (writeMessageLine); every other line goes
   * through the framer and classifier. Framing does not depend on where chunks are cut, so
   * handing the framer one line at a time gives the frames the whole chunk would.
   */
  private protocolChunk(dir: 'c2s' | 's2c', chunk: Buffer, t: number): void {
    const framer = this.framers[dir];
    const classifier = this.classifiers[dir];
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      const fast = framer.atLineStart && !classifier.holding && this.messageLine(dir, chunk.subarray(start, nl), t);
      if (!fast) this.pushFrames(dir, chunk.subarray(start, nl + 1), t);
      start = nl + 1;
    }
    if (start < chunk.length) this.pushFrames(dir, start === 0 ? chunk : chunk.subarray(start), t);
  }

  private messageLine(dir: 'c2s' | 's2c', line: Buffer, t: number): boolean {
    const seq = this.seq + 1;
    if (!this.file.appendBytes(maxLineBytes(line), (block, at) => writeMessageLine(block, at, line, seq, t, dir))) return false;
    this.seq = seq;
    return true;
  }

  private pushFrames(dir: StreamDir, bytes: Buffer, t: number): void {
    for (const frame of this.framers[dir].push(bytes)) this.appendFrame(dir, frame, t);
  }

  private appendFrame(dir: StreamDir, frame: Frame, t: number): void {
    if (dir === 'stderr') this.append(stderrEvent(frame), t);
    else for (const e of this.classifiers[dir].push(frame)) this.append(e, t);
  }

  private append(e: NewTraceEvent, t: number): void {
    // Every event of a chunk carries the chunk's arrival time, taken on the relay thread.
    const seq = ++this.seq;
    this.file.append(isPlainMessage(e) ? plainLine(seq, t, e) : serializeEvent({ ...e, seq, t } as TraceEvent));
    this.file.append('\n');
  }
}

/** A well-formed one-line message: the common case, and the only one the fast path takes. */
function isPlainMessage(e: NewTraceEvent): boolean {
  if (e.msg === undefined) return false;
  for (const key in e) if (key !== 'dir' && key !== 'kind' && key !== 'raw' && key !== 'msg') return false;
  return true;
}

/**
 * serializeEvent's output for a plain message, without serialising `msg` again: `raw` is
 * already the JSON text of that very value, so it is written in msg's place. Same keys, same
 * order, same value once parsed; it halves the recorder's cost per message.
 */
function plainLine(seq: number, t: number, e: NewTraceEvent): string {
  return `{"seq":${seq},"t":${t},"dir":"${e.dir}","kind":"${e.kind}","raw":${JSON.stringify(e.raw)},"msg":${e.raw}}`;
}
