import { Worker } from 'node:worker_threads';
import type { Frame } from './framer';
import { settled } from '../util/ignored';

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
/** A string at least this long comes back as a slice of the line's text (see `sliceable`). */
const SLICE_CHARS = 64 * 1024;

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
  let slices = [];
  try {
    const value = JSON.parse(frame.text);
    const root = { value };
    slices = sliceable(frame.text, root);
    frame.parsed = { ok: true, value: root.value };
  } catch {
    frame.parsed = { ok: false };
  }
  parentPort.postMessage({ job, frame, slices });
});

// The long strings of the value that are written in the text as they are (no escape): they
// travel as [start, end) in the text, and the host takes them as slices of the text it
// receives anyway, instead of receiving a second copy of each.
const LONG = ${SLICE_CHARS};
function sliceable(text, root) {
  const at = new Map();
  let nextEscape = text.indexOf('\\\\');
  for (let open = text.indexOf('"'); open !== -1; ) {
    let close = open;
    let escaped = false;
    for (;;) {
      close = text.indexOf('"', close + 1);
      if (close === -1) break;
      let backslashes = 0;
      while (text.charCodeAt(close - 1 - backslashes) === 92) backslashes++;
      if (backslashes % 2 === 0) break;
    }
    if (close === -1) break;
    if (nextEscape !== -1 && nextEscape < open) nextEscape = text.indexOf('\\\\', open);
    escaped = nextEscape !== -1 && nextEscape < close;
    const length = close - open - 1;
    if (length >= LONG && !escaped && !at.has(length)) at.set(length, open + 1);
    open = text.indexOf('"', close + 1);
  }
  const slices = [];
  const visit = (holder, key, path) => {
    const v = holder[key];
    if (typeof v === 'string') {
      const start = v.length >= LONG ? at.get(v.length) : undefined;
      if (start !== undefined && text.startsWith(v, start)) {
        slices.push({ path, start, end: start + v.length });
        holder[key] = '';
      }
    } else if (v !== null && typeof v === 'object') {
      for (const k of Object.keys(v)) if (k !== '__proto__') visit(v, k, [...path, k]);
    }
  };
  visit(root, 'value', []);
  return slices;
}
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
    w.on('message', ({ job, frame, slices }: { job: number; frame: Frame; slices: Slice[] }) => {
      if (frame.parsed?.ok) frame.parsed.value = withSlices(frame.text, frame.parsed.value, slices);
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

/** Where a long string of the parsed value is in the line's text: `path` of keys from the value. */
interface Slice {
  path: string[];
  start: number;
  end: number;
}

/** Puts each long string back, as a slice of `text` (V8 shares the text's memory: no copy). */
function withSlices(text: string, value: unknown, slices: Slice[]): unknown {
  for (const { path, start, end } of slices) {
    if (path.length === 0) return text.slice(start, end);
    let holder = value as Record<string, unknown>;
    for (const key of path.slice(0, -1)) holder = holder[key] as Record<string, unknown>;
    holder[path[path.length - 1]!] = text.slice(start, end);
  }
  return value;
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
    void settled(this.frame);
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
