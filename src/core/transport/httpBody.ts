import { DEFAULT_MAX_LINE_BYTES } from '../wire/framer';
import { HttpNetworkError } from './httpErrors';
import { ignoreDiscarding } from '../util/ignored';

/**
 * The most of one HTTP body (or of one SSE event) the client holds: the stdout line cap, so a
 * message is bounded the same on every transport. Counted after Content-Encoding is undone
 * (fetch inflates gzip and deflate), so a small compressed body cannot inflate without bound.
 */
export const MAX_BODY_BYTES = DEFAULT_MAX_LINE_BYTES;

/** A body went over MAX_BODY_BYTES: reading stopped and the response was aborted. */
export class BodyOverCapError extends HttpNetworkError {
  constructor(
    readonly bytes: number,
    readonly cap: number,
    readonly encoding: string | undefined,
  ) {
    super(
      `the response body went over the ${cap / (1024 * 1024)} MiB cap (${bytes} bytes read${encoding ? ` after ${encoding} decoding` : ''}): reading stopped`,
      'BODY_OVER_CAP',
    );
    this.name = 'BodyOverCapError';
  }
}

/**
 * A response body as text, read chunk by chunk up to `cap` decoded bytes; over it, the
 * stream is cancelled (which aborts the response) and BodyOverCapError thrown. A body that
 * breaks off reads as what arrived before it.
 */
export async function readCapped(res: Response, cap = MAX_BODY_BYTES): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > cap) {
        await ignoreDiscarding(reader.cancel());
        throw new BodyOverCapError(bytes, cap, res.headers.get('content-encoding') ?? undefined);
      }
      parts.push(decoder.decode(value, { stream: true }));
    }
  } catch (err) {
    if (err instanceof BodyOverCapError) throw err;
  }
  parts.push(decoder.decode());
  return parts.join('');
}
