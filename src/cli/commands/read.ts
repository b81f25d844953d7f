import type { ReadArgs } from '../args';
import type { Output } from '../output';
import type { Style } from '../style';
import { runOneRequest } from './oneRequest';

/** `mcp-lens read URI`: one resources/read, its contents on stdout. */
export function runRead(args: ReadArgs, io: Output): Promise<number> {
  return runOneRequest(
    {
      server: args.server,
      json: args.json,
      timeoutMs: args.timeoutMs,
      failOn: args.failOn,
      elicit: args.elicit,
      sample: args.sample,
      roots: args.roots,
      label: args.uri,
      method: 'resources/read',
      params: { uri: args.uri },
      lines: contentsLines,
    },
    io,
  );
}

/** ReadResourceResult.contents: text verbatim, blobs summarised, each headed by its URI when there are several. */
export function contentsLines(result: Record<string, unknown>, style: Style): string[] {
  const contents = Array.isArray(result.contents) ? (result.contents as Record<string, unknown>[]) : [];
  if (contents.length === 0) return [style.dim('(no contents)')];
  const out: string[] = [];
  for (const item of contents) {
    const mime = typeof item?.mimeType === 'string' ? ` ${item.mimeType}` : '';
    if (contents.length > 1) out.push(style.dim(`[${String(item?.uri ?? '?')}${mime}]`));
    if (typeof item?.text === 'string') out.push(item.text);
    else if (typeof item?.blob === 'string') out.push(style.dim(`[blob${mime}, ${Math.floor((item.blob.length * 3) / 4)} bytes]`));
    else out.push(style.dim(`[contents with neither text nor blob: ${JSON.stringify(item)}]`));
  }
  return out;
}
