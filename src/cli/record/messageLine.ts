import { isUtf8 } from 'node:buffer';
import type { Direction } from '../../core/trace/event';
import { tryParse } from '../../core/wire/lineEvent';
import { classify } from '../../core/wire/message';

/** Longer lines take the general path: their copy (escaped, up to 6 bytes a byte) must fit a write block. */
export const MAX_FAST_LINE_BYTES = 64 * 1024;
/** What each line costs beyond its escaped and its plain copy: the stamps and names around them. */
const HEAD_BYTES = 128;

/** JSON.stringify's escape for each byte below 0x20 (its short forms, else \\u00xx in lower case). */
const ESCAPES: Uint8Array[] = Array.from({ length: 32 }, (_, b) =>
  Buffer.from(JSON.stringify(String.fromCharCode(b)).slice(1, -1), 'latin1'),
);

/**
 * The trace line of a well-formed protocol line (valid UTF-8, no \r before its newline, one
 * JSON-RPC message) written straight from its bytes into `block` at `at`; returns where it
 * ends, or -1 when the line is anything else (the general path then takes it). Byte for byte
 * what the general path writes for it (plainLine in recorder.ts): `raw` is JSON.stringify of
 * the text, and the text itself stands in for `msg`. The line is still parsed, as there, to
 * know it is one message and of which kind; building, escaping and encoding a string again
 * for every line was a fifth of the recorder's CPU in a flood.
 * `block` must have room for maxLineBytes(line) from `at`.
 */
export function writeMessageLine(
  block: Buffer,
  at: number,
  line: Buffer,
  seq: number,
  t: number,
  dir: Exclude<Direction, 'meta' | 'stderr'>,
): number {
  if (line.length > MAX_FAST_LINE_BYTES || line[line.length - 1] === 13 || !isUtf8(line)) return -1;
  const parsed = tryParse(line.toString('utf8'));
  if (!parsed.ok) return -1;
  const c = classify(parsed.value);
  if (c.kind === 'not-jsonrpc') return -1;
  let to = at + block.write(`{"seq":${seq},"t":${t},"dir":"${dir}","kind":"${c.kind}","raw":"`, at, 'latin1');
  // JSON.stringify of a well-formed string escapes only ", \\ and the bytes below 0x20.
  for (let i = 0; i < line.length; i++) {
    const b = line[i];
    if (b >= 0x20 && b !== 0x22 && b !== 0x5c) {
      block[to++] = b;
    } else if (b < 0x20) {
      const escape = ESCAPES[b];
      block.set(escape, to);
      to += escape.length;
    } else {
      block[to++] = 0x5c;
      block[to++] = b;
    }
  }
  to += block.write('","msg":', to, 'latin1');
  to += line.copy(block, to);
  block[to++] = 0x7d;
  block[to++] = 0x0a;
  return to;
}

/** The most writeMessageLine may write for `line`. */
export function maxLineBytes(line: Buffer): number {
  return HEAD_BYTES + 7 * line.length;
}
