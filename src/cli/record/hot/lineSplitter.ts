/**
 * Splits a byte stream into lines and keeps each line's exact bytes (newline included), so
 * what is relayed is what arrived: a proxy that reads messages must still lose no byte.
 */
import { asRecord } from '../../../core/schema/isRecord';
export class LineSplitter {
  private pending: Buffer[] = [];

  push(chunk: Buffer): Buffer[] {
    const lines: Buffer[] = [];
    let start = 0;
    for (let at = chunk.indexOf(0x0a); at >= 0; at = chunk.indexOf(0x0a, start)) {
      const piece = chunk.subarray(start, at + 1);
      lines.push(this.pending.length ? Buffer.concat([...this.pending, piece]) : piece);
      this.pending = [];
      start = at + 1;
    }
    if (start < chunk.length) this.pending.push(chunk.subarray(start));
    return lines;
  }

  /** The bytes after the last newline, if any (the stream ended mid-line). */
  rest(): Buffer | undefined {
    if (this.pending.length === 0) return undefined;
    const rest = Buffer.concat(this.pending);
    this.pending = [];
    return rest;
  }
}

/** The JSON-RPC message a line carries, or undefined when it is not one object. */
export function parseLine(line: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line.toString('utf8'));
    return asRecord(value);
  } catch {
    return undefined;
  }
}
