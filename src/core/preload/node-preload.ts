/**
 * Loaded into a Node server with `NODE_OPTIONS=--require <this file>` (see launch.ts).
 * It wraps `process.stdout.write` to *observe* it: the original is called first, with the
 * same arguments and `this`, and its return value is returned, so not one byte of stdout
 * changes. Each stdout line that is not a JSON-RPC message is reported, with the stack of
 * the write that began it, as one JSON line appended to the file named by
 * MCP_LENS_SIDE_FILE (a path in env survives npx and `sh -c` grandchildren; an inherited
 * fd 3 does not: npm spawns with stdio 'inherit', which passes only 0–2).
 *
 * Every observation is inside try/catch: the preload never throws into the server.
 */
import * as fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { isMainThread } from 'node:worker_threads';
import { LineObserver } from './lineObserver';
import { MAX_RECORD_TEXT, MAX_RECORDS_PER_PROCESS, SIDE_FILE_ENV, STDOUT_ID_ENV, type StrayRecord } from './record';
import { parseV8Stack } from './stackFrames';

const INSTALLED = Symbol.for('mcp-lens.stdout-preload');

interface StackHolder {
  stack?: string;
}

function install(): void {
  const sideFile = process.env[SIDE_FILE_ENV];
  const registry = globalThis as Record<symbol, unknown>;
  // A worker's stdout is forwarded to the main thread's, which already observes it.
  if (!sideFile || !isMainThread || registry[INSTALLED] || !writesToServerStdout()) return;
  registry[INSTALLED] = true;

  const stdout = process.stdout;
  const original = stdout.write;
  const decoder = new StringDecoder('utf8');
  let fd: number | undefined;
  let count = 0;

  const report = (text: string, holder: StackHolder, partial: boolean): void => {
    if (count >= MAX_RECORDS_PER_PROCESS) return;
    count += 1;
    const record: StrayRecord = {
      text: text.length > MAX_RECORD_TEXT ? text.slice(0, MAX_RECORD_TEXT) : text,
      stack: typeof holder.stack === 'string' ? parseV8Stack(holder.stack, [__filename]) : [],
      pid: process.pid,
      runtime: 'node',
      n: count,
    };
    if (partial) record.partial = true;
    if (text.length > MAX_RECORD_TEXT) record.length = text.length;
    fd ??= fs.openSync(sideFile, 'a');
    fs.writeSync(fd, JSON.stringify(record) + '\n');
  };

  const capture = (): StackHolder => {
    const holder: StackHolder = {};
    const limit = Error.stackTraceLimit;
    try {
      Error.stackTraceLimit = 50;
      // Frames from `observedWrite` up (this file) are left out of the stack.
      Error.captureStackTrace(holder, observedWrite);
      // Formatting now, not later, so a later change to Error.prepareStackTrace cannot bite.
      void holder.stack;
    } finally {
      Error.stackTraceLimit = limit;
    }
    return holder;
  };

  const observer = new LineObserver<StackHolder>(capture, (text, holder, partial) => {
    try {
      report(text, holder, partial);
    } catch {
      // The side channel is best effort; the server's own output is what matters.
    }
  });

  function observedWrite(this: unknown, ...args: unknown[]): boolean {
    const result = (original as (...a: unknown[]) => boolean).apply(this, args);
    try {
      const text = decode(decoder, args[0], args[1]);
      if (text) observer.write(text);
    } catch {
      // Observation must never reach the server.
    }
    return result;
  }

  stdout.write = observedWrite as typeof stdout.write;
  process.on('exit', () => {
    try {
      observer.end();
      if (fd !== undefined) fs.closeSync(fd);
    } catch {
      // As above.
    }
  });
}

function decode(decoder: StringDecoder, chunk: unknown, encoding: unknown): string {
  if (typeof chunk === 'string') {
    if (typeof encoding !== 'string' || /^utf-?8$/i.test(encoding)) return chunk;
    return decoder.write(Buffer.from(chunk, encoding as BufferEncoding));
  }
  if (chunk instanceof Uint8Array) return decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  return '';
}

/**
 * True when fd 1 is the server's stdout. The first observing process (Node or Python)
 * records which file that is; a descendant whose stdout is another pipe (a helper whose
 * output the server reads) is not the server's stdout, and is not blamed.
 */
function writesToServerStdout(): boolean {
  let id: string;
  try {
    const stat = fs.fstatSync(1);
    if (!stat.ino) return true; // Windows pipes have no inode: nothing to compare.
    id = `${stat.dev}:${stat.ino}`;
  } catch {
    return false;
  }
  const expected = process.env[STDOUT_ID_ENV];
  if (!expected) {
    process.env[STDOUT_ID_ENV] = id;
    return true;
  }
  return expected === id;
}

try {
  install();
} catch {
  // A preload that cannot install leaves the server exactly as it was.
}
