import { isUtf8 } from 'node:buffer';
import type { Direction } from '../../core/trace/event';
import { NOT_JSON, parseJson } from '../../core/wire/lineEvent';
import { messageKind } from '../../core/wire/message';

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
  const value = parseJson(line.toString('utf8'));
  const kind = value === NOT_JSON ? undefined : messageKind(value);
  if (kind === undefined) return -1;
  // TypedArray set, not Buffer copy: a small copy's cost is the call into C++.
  block.set(SEQ_KEY, at);
  let to = writeDigits(block, at + SEQ_KEY.length, seq);
  const tail = headTail(t, dir, kind);
  block.set(tail, to);
  to += tail.length;
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
  block.set(MSG_KEY, to);
  to += MSG_KEY.length;
  block.set(line, to);
  to += line.length;
  block[to++] = 0x7d;
  block[to++] = 0x0a;
  return to;
}

const SEQ_KEY = Buffer.from('{"seq":', 'latin1');
const MSG_KEY = Buffer.from('","msg":', 'latin1');

/** `n` (a non-negative integer) in decimal at `at`, as `${n}` writes it; returns where it ends. */
function writeDigits(block: Buffer, at: number, n: number): number {
  let digits = 1;
  for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  for (let i = at + digits - 1, rest = n; i >= at; i--, rest = Math.floor(rest / 10)) block[i] = 48 + (rest % 10);
  return at + digits;
}

/**
 * What follows the seq: `,"t":…,"dir":…,"kind":…,"raw":"`. The lines of a chunk share their stamp
 * and most often their kind: the bytes are made once for them, not formatted again per line.
 */
function headTail(t: number, dir: string, kind: string): Buffer {
  if (t !== lastTail.t || dir !== lastTail.dir || kind !== lastTail.kind) {
    lastTail = { t, dir, kind, bytes: Buffer.from(`,"t":${t},"dir":"${dir}","kind":"${kind}","raw":"`, 'latin1') };
  }
  return lastTail.bytes;
}
let lastTail = { t: NaN, dir: '', kind: '', bytes: Buffer.alloc(0) };

/** The most writeMessageLine may write for `line`. */
export function maxLineBytes(line: Buffer): number {
  return HEAD_BYTES + 7 * line.length;
}
