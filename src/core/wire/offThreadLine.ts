import { Worker } from 'node:worker_threads';
import type { Frame } from './framer';

/**
 * Lines at least this long are joined, decoded and JSON.parsed on a worker thread: on the
 * extension host's thread a 50 MB line would stall every other extension for as long as
 * Buffer.concat + toString + JSON.parse take (hundreds of ms). Below it, the round trip to
 * the worker costs more than the work.
 */
export const OFF_THREAD_LINE_BYTES = 1024 * 1024;

/**
 * The worker: the very steps of the framer's decodeLine (strip a \r before the newline,
 * decode, flag bytes that are not UTF-8) and of tryParse, on its own thread. Its source is
 * a string run with `eval`, so that every bundle (extension, CLI, tests under tsx) carries it
 * without a separate worker file.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { isUtf8 } = require('node:buffer');
const lines = new Map();
parentPort.on('message', ({ job, part, done, atEnd, cancel }) => {
  if (part) {
    const parts = lines.get(job) ?? [];
    parts.push(Buffer.from(part.buffer, part.byteOffset, part.byteLength));
    lines.set(job, parts);
  }
  if (cancel) lines.delete(job);
  if (!done) return;
  let body = Buffer.concat(lines.get(job) ?? []);
  lines.delete(job);
  const frame = {};
  let crlf = false;
  if (!atEnd && body.length > 0 && body[body.length - 1] === 13) {
    body = body.subarray(0, body.length - 1);
    crlf = true;
  }
  frame.text = body.toString('utf8');
  if (crlf) frame.crlf = true;
  if (!isUtf8(body)) {
    frame.invalidUtf8 = true;
    frame.bytes = body.toString('base64');
  }
  try {
    frame.parsed = { ok: true, value: JSON.parse(frame.text) };
  } catch {
    frame.parsed = { ok: false };
  }
  parentPort.postMessage({ job, frame });
});
`;

let worker: Worker | undefined;
let failed = false;
let nextJob = 1;
/** Open lines: resolved with their frame, or rejected when the worker died. */
const open = new Map<number, { resolve: (frame: Frame) => void; reject: (err: Error) => void }>();

function theWorker(): Worker | undefined {
  if (worker || failed) return worker;
  try {
    const w = new Worker(WORKER_SOURCE, { eval: true, name: 'mcp-lens line parser' });
    w.on('message', ({ job, frame }: { job: number; frame: Frame }) => {
      open.get(job)?.resolve(frame);
      settle(job);
    });
    w.on('error', (err) => {
      // Each open line falls back to decoding on this thread (see OffThreadLine.finish).
      for (const line of open.values()) line.reject(err);
      open.clear();
      if (worker === w) worker = undefined;
    });
    w.unref();
    worker = w;
  } catch {
    failed = true;
  }
  return worker;
}

function settle(job: number): void {
  open.delete(job);
  // An idle worker never keeps the process alive.
  if (open.size === 0) worker?.unref();
}

/**
 * One long line on its way to the worker: its parts are posted as they arrive (each copy is
 * small, spread over the turns of the event loop that bring them), then the worker joins,
 * decodes and parses the whole line. The caller keeps its own parts, for `decodeHere`.
 */
export class OffThreadLine {
  private readonly job = nextJob++;
  private readonly worker = theWorker();
  private readonly frame: Promise<Frame> | undefined;

  constructor() {
    if (!this.worker) return;
    this.frame = new Promise<Frame>((resolve, reject) => open.set(this.job, { resolve, reject }));
    // A worker that dies before finish() is asked for is not an unhandled rejection.
    this.frame.catch(() => undefined);
    this.worker.ref();
  }

  add(part: Buffer): void {
    if (open.has(this.job)) this.worker!.postMessage({ job: this.job, part });
  }

  /**
   * The frame of the line (`frame.parsed` holds tryParse's answer, so no one parses the text
   * again); `decodeHere` decodes the caller's parts on this thread when no worker could.
   */
  finish(atEnd: boolean, decodeHere: () => Frame): Promise<Frame> {
    if (!this.frame || !open.has(this.job)) return Promise.resolve(decodeHere());
    this.worker!.postMessage({ job: this.job, done: true, atEnd });
    return this.frame.catch(() => decodeHere());
  }

  /** The line will not be decoded (it became oversize, or the stream ended inside it). */
  cancel(): void {
    if (!open.has(this.job)) return;
    this.worker!.postMessage({ job: this.job, cancel: true });
    settle(this.job);
  }
}
