/**
 * Copies `from` to `to` as it comes, honouring backpressure, then gives each chunk to
 * `record`. `movable`: `to` took the chunk at once (nothing of it waits in `to`, so no write
 * still reads its memory) and the relay keeps no use for it, so its buffer may be moved to the
 * recorder's thread (see BatchQueue). A transfer detaches the buffer: one still queued in
 * `to` would then be written as nothing.
 */
export function relay(
  from: NodeJS.ReadableStream,
  to: NodeJS.WritableStream & { readonly writableLength: number },
  record: (chunk: Buffer, movable: boolean) => void,
): void {
  from.on('data', (chunk: Buffer) => {
    const flowing = to.write(chunk);
    record(chunk, to.writableLength === 0);
    if (!flowing) {
      from.pause();
      to.once('drain', () => from.resume());
    }
  });
}
