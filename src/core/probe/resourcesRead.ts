import { evidence, exchange, isRecord, quote } from './exchange';
import { recordVerdict, type Probe } from './probe';

/** Reads per check: enough to find a broken handler, never a crawl of a large server. */
const MAX_READS = 10;
/** A read answered with more than this is not looked at further (the client's line cap bounds the rest). */
const MAX_RESULT_CHARS = 1024 * 1024;

/**
 * server/resources: a resources/read result's `contents` items each carry a `uri` and either
 * `text` (TextResourceContents) or `blob` (BlobResourceContents, base64). A listed resource
 * is one a host may read: an error answering it is a fault of the server.
 */
export const resourcesReadProbe: Probe = {
  id: 'resources-read',
  title: 'every listed resource can be read',
  skip: (ctx) => (ctx.listed.resources.some((r) => typeof r.uri === 'string') ? undefined : 'no resource is listed'),
  async run(ctx) {
    const uris = ctx.listed.resources.map((r) => r.uri).filter((u): u is string => typeof u === 'string');
    for (const uri of uris.slice(0, MAX_READS)) {
      const answer = await exchange(ctx, 'resources/read', { uri });
      let fault: string | undefined;
      if ('error' in answer) fault = `error ${answer.error.code} "${answer.error.message}"`;
      else if (JSON.stringify(answer.result).length <= MAX_RESULT_CHARS) fault = contentsFault(answer.result);
      if (fault === undefined) continue;
      recordVerdict(ctx.client.trace, 'resources-read', {
        rule: 'resource-read-failed',
        message: `resources/read of the listed resource ${quote(uri)} was answered with ${fault}`,
        hint: 'Every resource resources/list names must be readable: answer { contents: [{ uri, text | blob }] }, or leave it out of the list.',
        evidence: evidence(answer.responseSeq, answer.requestSeq),
      });
    }
  },
};

function contentsFault(result: Record<string, unknown>): string | undefined {
  if (!Array.isArray(result.contents)) return 'no "contents" array';
  for (const [i, item] of result.contents.entries()) {
    if (!isRecord(item)) return `contents[${i}] that is not an object`;
    if (typeof item.uri !== 'string') return `contents[${i}] without a "uri"`;
    if (typeof item.text !== 'string' && typeof item.blob !== 'string') return `contents[${i}] with neither "text" nor "blob"`;
    if (typeof item.blob === 'string' && !/^[A-Za-z0-9+/=\s]*$/.test(item.blob)) return `contents[${i}] whose "blob" is not base64`;
  }
  return undefined;
}
