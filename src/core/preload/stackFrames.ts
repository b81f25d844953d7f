import { fileURLToPath } from 'node:url';
import type { StackFrame } from './record';

const LIBRARY = /[\\/]node_modules[\\/]/;
// `    at fn (file:line:col)`, `    at file:line:col`, `    at async fn (file:line:col)`.
const FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;

/**
 * Turns a V8 stack string into frames, dropping the runtime's own (node:, internal/) and
 * those of the files in `skipFiles` (the preload itself). Lines that do not look like a
 * located frame (`at <anonymous>`, the message line) are skipped.
 */
export function parseV8Stack(stack: string, skipFiles: readonly string[] = []): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const text of stack.split('\n')) {
    const match = FRAME.exec(text);
    if (!match) continue;
    const [, fn, location, line, column] = match;
    if (location.startsWith('node:') || location.startsWith('internal/') || location.includes('(')) continue;
    const file = toPath(location);
    if (skipFiles.includes(file)) continue;
    const frame: StackFrame = { file, line: Number(line), column: Number(column) };
    if (fn) frame.function = fn;
    if (LIBRARY.test(file)) frame.library = true;
    frames.push(frame);
  }
  return frames;
}

function toPath(location: string): string {
  if (!location.startsWith('file://')) return location;
  try {
    return fileURLToPath(location);
  } catch {
    return location;
  }
}

/** The frame a person should be sent to: the first outside dependencies and the runtime, else the writer. */
export function userFrame(stack: readonly StackFrame[]): StackFrame | undefined {
  return stack.find((frame) => !frame.library && !/[\\/](node_modules|site-packages|dist-packages)[\\/]/.test(frame.file)) ?? stack[0];
}
