/**
 * What a stdout write put on the wire, recovered from the arguments of the three ways a
 * Node program writes fd 1: `process.stdout.write(chunk, encoding?, cb?)` (console.log and
 * the SDKs), and `fs.writeSync` / `fs.write` on fd 1 (pino's sonic-boom and other loggers).
 * Only the bytes the call reports as written count, so a logger's retry of a partial write
 * is not seen twice.
 */
import type { StringDecoder } from 'node:string_decoder';

export function streamChunk(decoder: StringDecoder, chunk: unknown, encoding: unknown): string {
  if (typeof chunk === 'string') {
    if (typeof encoding !== 'string' || /^utf-?8$/i.test(encoding)) return chunk;
    return decoder.write(Buffer.from(chunk, encoding as BufferEncoding));
  }
  return chunk instanceof Uint8Array ? decoder.write(bytesOf(chunk)) : '';
}

/**
 * `fs.writeSync(fd, string, position?, encoding?)`, `fs.writeSync(fd, buffer, offset?, length?, position?)`
 * or `fs.writeSync(fd, buffer, {offset, length})`, of which `written` bytes went out;
 * `fs.write` takes the same arguments before its callback.
 */
export function fsChunk(decoder: StringDecoder, args: readonly unknown[], written: number): string {
  const data = args[1];
  if (typeof data === 'string') {
    const encoding =
      typeof args[3] === 'string' ? (args[3] as BufferEncoding) : typeof args[2] === 'string' ? (args[2] as BufferEncoding) : 'utf8';
    return decoder.write(Buffer.from(data, encoding).subarray(0, written));
  }
  if (!(data instanceof Uint8Array)) return '';
  const options = args[2];
  const offset =
    typeof options === 'number'
      ? options
      : typeof options === 'object' && options !== null
        ? Number((options as { offset?: number }).offset ?? 0)
        : 0;
  return decoder.write(bytesOf(data).subarray(offset, offset + written));
}

function bytesOf(chunk: Uint8Array): Buffer {
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
