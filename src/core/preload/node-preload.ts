/**
 * Loaded into a Node server with `NODE_OPTIONS=--require <this file>` (see launch.ts).
 * It wraps `process.stdout.write`, and `fs.writeSync` / `fs.write` for fd 1, to *observe*
 * them: the original is called first, with the same arguments and `this`, and its result
 * is returned, so not one byte of stdout changes. Each stdout line that is not a JSON-RPC
 * message is reported, with the stack of the write that began it, as one JSON line
 * appended to the file named by MCP_LENS_SIDE_FILE (a path in env survives npx and `sh -c`
 * grandchildren; an inherited fd 3 does not: npm spawns with stdio 'inherit', 0–2 only).
 *
 * Every observation is inside try/catch: the preload never throws into the server.
 */
import {
  closeSync as fsCloseSync,
  fstatSync as fsFstatSync,
  openSync as fsOpenSync,
  write as fsWrite,
  writeSync as fsWriteSync,
} from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { LineObserver } from './lineObserver';
import { fsChunk, streamChunk } from './nodeWrites';
import { MAX_RECORD_TEXT, MAX_RECORDS_PER_PROCESS, SIDE_FILE_ENV, STDOUT_ID_ENV, type StrayRecord } from './record';
import { parseV8Stack } from './stackFrames';

const INSTALLED = Symbol.for('mcp-lens.stdout-preload');
// The originals, taken before any wrapping: the side channel must not observe itself.
// (Copied into consts: a bundled import reads the module object at each use, and the
// wrappers below replace fs.writeSync and fs.write on that object. Named imports, not
// `* as fs`: the namespace copy of the whole module cost every server's boot.)
const openSync = fsOpenSync;
const writeSync = fsWriteSync;
const closeSync = fsCloseSync;
const fstatSync = fsFstatSync;
const writeAsync = fsWrite;

interface StackHolder {
  stack?: string;
}

type AnyFunction = (...args: never[]) => unknown;

function install(): void {
  const sideFile = process.env[SIDE_FILE_ENV];
  const registry = globalThis as Record<symbol, unknown>;
  // A worker's stdout is forwarded to the main thread's, which already observes it.
  if (!sideFile || inWorkerThread() || registry[INSTALLED] || !writesToServerStdout()) return;
  registry[INSTALLED] = true;

  const decoder = new StringDecoder('utf8');
  let sideFd: number | undefined;
  let count = 0;
  // Where the stack of the current observation starts (frames from the wrapper up are dropped),
  // or the stack already taken when an fs.write was called and is observed in its callback.
  let entry: AnyFunction = install;
  let taken: StackHolder | undefined;
  // process.stdout.write to a file goes through fs.writeSync: count it once.
  let inStreamWrite = 0;

  const report = (text: string, holder: StackHolder, partial: boolean): void => {
    if (count >= MAX_RECORDS_PER_PROCESS) return;
    count += 1;
    const record: StrayRecord = {
      text: text.length > MAX_RECORD_TEXT ? text.slice(0, MAX_RECORD_TEXT) : text,
      stack: typeof holder.stack === 'string' ? parseV8Stack(holder.stack, [__filename]) : [],
      pid: process.pid,
      runtime: 'node',
      t: performance.timeOrigin + performance.now(),
      n: count,
    };
    if (partial) record.partial = true;
    if (text.length > MAX_RECORD_TEXT) record.length = text.length;
    sideFd ??= openSync(sideFile, 'a');
    writeSync(sideFd, JSON.stringify(record) + '\n');
  };

  const stackHere = (from: AnyFunction): StackHolder => {
    const holder: StackHolder = {};
    const limit = Error.stackTraceLimit;
    try {
      Error.stackTraceLimit = 50;
      Error.captureStackTrace(holder, from);
      // Formatted now, not later, so a later change to Error.prepareStackTrace cannot bite.
      void holder.stack;
    } finally {
      Error.stackTraceLimit = limit;
    }
    return holder;
  };

  const observer = new LineObserver<StackHolder>(
    () => taken ?? stackHere(entry),
    (text, holder, partial) => {
      try {
        report(text, holder, partial);
      } catch {
        // The side channel is best effort; the server's own output is what matters.
      }
    },
  );

  const observe = (via: AnyFunction, text: () => string, stack?: StackHolder): void => {
    try {
      entry = via;
      taken = stack;
      const written = text();
      if (written) observer.write(written);
    } catch {
      // Observation must never reach the server.
    } finally {
      taken = undefined;
    }
  };

  const wrapStream = (stdout: NodeJS.WriteStream): void => {
    const originalStreamWrite = stdout.write;
    function observedStreamWrite(this: unknown, ...args: unknown[]): boolean {
      inStreamWrite += 1;
      let result: boolean;
      try {
        result = (originalStreamWrite as (...a: unknown[]) => boolean).apply(this, args);
      } finally {
        inStreamWrite -= 1;
      }
      observe(observedStreamWrite, () => streamChunk(decoder, args[0], args[1]));
      return result;
    }
    stdout.write = observedStreamWrite as typeof stdout.write;
  };
  // process.stdout is created on first use, and creating it puts a pipe into non-blocking
  // mode: touching it here would make a server's own fs.writeSync(1, big) write short.
  // So the stream is wrapped when the server first asks for it, never before.
  const descriptor = Object.getOwnPropertyDescriptor(process, 'stdout');
  const getStdout = descriptor?.get;
  if (descriptor && getStdout && descriptor.configurable) {
    let wrapped = false;
    Object.defineProperty(process, 'stdout', {
      ...descriptor,
      get(this: NodeJS.Process) {
        const stream = getStdout.call(this) as NodeJS.WriteStream;
        if (!wrapped) {
          wrapped = true;
          try {
            wrapStream(stream);
          } catch {
            // Unobserved is better than broken.
          }
        }
        return stream;
      },
    });
  } else {
    wrapStream(process.stdout);
  }

  function observedWriteSync(this: unknown, ...args: unknown[]): number {
    const written = (writeSync as (...a: unknown[]) => number).apply(this, args);
    if (args[0] === 1 && inStreamWrite === 0) observe(observedWriteSync, () => fsChunk(decoder, args, written));
    return written;
  }
  function observedWrite(this: unknown, ...args: unknown[]): void {
    const callback = args[args.length - 1];
    if (args[0] !== 1 || inStreamWrite > 0 || typeof callback !== 'function') {
      (writeAsync as (...a: unknown[]) => void).apply(this, args);
      return;
    }
    // The stack is taken now; the bytes are known when the write completes.
    let stack: StackHolder | undefined;
    try {
      stack = stackHere(observedWrite);
    } catch {
      stack = {};
    }
    const forward = (...result: unknown[]): unknown => {
      if (!result[0] && typeof result[1] === 'number') {
        observe(observedWrite, () => fsChunk(decoder, args, result[1] as number), stack);
      }
      return (callback as (...a: unknown[]) => unknown)(...result);
    };
    (writeAsync as (...a: unknown[]) => void).apply(this, [...args.slice(0, -1), forward]);
  }
  // util.promisify(fs.write) reads a non-enumerable symbol off fs.write: keep every own property.
  for (const key of Reflect.ownKeys(writeAsync)) {
    if (key !== 'length' && key !== 'name' && key !== 'prototype') {
      Object.defineProperty(observedWrite, key, Object.getOwnPropertyDescriptor(writeAsync, key) as PropertyDescriptor);
    }
  }
  // The module object itself (not an import's copy of it), so that every later importer sees the wrappers.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- an import binding is not the module object
  const fsModule = require('node:fs') as { writeSync: unknown; write: unknown };
  fsModule.writeSync = observedWriteSync;
  fsModule.write = observedWrite;

  process.on('exit', () => {
    try {
      observer.end();
      if (sideFd !== undefined) closeSync(sideFd);
    } catch {
      // As above.
    }
  });
}

/**
 * "process.chdir() ... not available in Worker threads" (Node's docs): in a worker it is a
 * function that throws, which Node flags with `disabled: true`. Read that flag rather than load
 * `node:worker_threads`, which was about two thirds of the preload's cost to every server's
 * boot (2 of 3 ms).
 */
function inWorkerThread(): boolean {
  return (process.chdir as { disabled?: boolean }).disabled === true;
}

/**
 * True when fd 1 is the server's stdout. The first observing process (Node or Python)
 * records which file that is; a descendant whose stdout is another pipe (a helper whose
 * output the server reads) is not the server's stdout, and is not blamed.
 */
function writesToServerStdout(): boolean {
  let id: string;
  try {
    const stat = fstatSync(1);
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
