import type { ReadArgs } from './readArgs';
import type { Output } from '../output';
import type { Style } from '../style';
import { judgeEmptyRead } from '../../core/probe/emptyRead';
import { explainReadFailure } from '../../core/resources/readFailure';
import { fieldValue, parseUriTemplate } from '../../core/resources/uriTemplate';
import { requestFlags, runOneRequest } from './oneRequest';

/** `mcp-lens read URI|TEMPLATE [--var k=v]…`: one resources/read, its contents on stdout. */
export async function runRead(args: ReadArgs, io: Output): Promise<number> {
  const uri = expandedUri(args, io);
  if (uri === undefined) return 2;
  return runOneRequest(
    {
      ...requestFlags(args),
      label: uri,
      method: 'resources/read',
      params: { uri },
      lines: contentsLines,
      explain: (code, era) => explainReadFailure(code, era, uri).explanation,
      judge: (client, result, timeoutMs) => judgeEmptyRead(client, uri, result, timeoutMs),
    },
    io,
  );
}

/** A URI with no `{` and no --var is read as given; otherwise it is an RFC 6570 template to expand. */
function expandedUri(args: ReadArgs, io: Output): string | undefined {
  if (Object.keys(args.vars).length === 0 && !args.uri.includes('{')) return args.uri;
  try {
    const template = parseUriTemplate(args.uri);
    const known = new Set(template.variables.map((v) => v.name));
    const unknown = Object.keys(args.vars).filter((k) => !known.has(k));
    if (unknown.length > 0) {
      io.err(
        io.errStyle.red(
          `read: the template ${args.uri} has no variable ${unknown.join(', ')} (it has: ${[...known].join(', ') || 'none'})`,
        ),
      );
      return undefined;
    }
    return template.expand(Object.fromEntries(template.variables.map((v) => [v.name, fieldValue(v, args.vars[v.name] ?? '')])));
  } catch (error) {
    io.err(
      io.errStyle.red(`read: ${args.uri} is not a valid RFC 6570 template: ${error instanceof Error ? error.message : String(error)}`),
    );
    return undefined;
  }
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
