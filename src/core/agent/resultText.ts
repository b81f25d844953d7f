import { line, MAX_LINE_CHARS } from './bounds';
import { isRecord } from '../schema/isRecord';

type Obj = Record<string, unknown>;

/** Characters of one text part shown before the rest is counted instead. */
const MAX_PART_CHARS = 4000;

function clipPart(text: string): string {
  return text.length <= MAX_PART_CHARS
    ? text
    : `${text.slice(0, MAX_PART_CHARS)}… [${(text.length - MAX_PART_CHARS).toLocaleString('en-US')} more characters of this part left out]`;
}

/** One content block as a model reads it: text as is, binary data by type and size only. */
function partText(part: unknown): string {
  if (!isRecord(part)) return `[content that is not an object: ${line(JSON.stringify(part) ?? String(part), MAX_LINE_CHARS)}]`;
  switch (part.type) {
    case 'text':
      return clipPart(String(part.text ?? ''));
    case 'image':
    case 'audio':
      return `[${part.type} ${String(part.mimeType ?? '?')}, ${typeof part.data === 'string' ? part.data.length : 0} base64 characters]`;
    case 'resource_link':
      return `[resource_link ${line(String(part.uri ?? ''), 300)}${part.name ? ` "${line(String(part.name), 120)}"` : ''}]`;
    case 'resource': {
      const r = isRecord(part.resource) ? part.resource : {};
      const body =
        typeof r.text === 'string' ? `\n${clipPart(r.text)}` : typeof r.blob === 'string' ? ` (${r.blob.length} base64 characters)` : '';
      return `[resource ${line(String(r.uri ?? ''), 300)}${r.mimeType ? ` ${String(r.mimeType)}` : ''}]${body}`;
    }
    default:
      return `[${line(String(part.type), 60)} content: ${line(JSON.stringify(part), MAX_LINE_CHARS)}]`;
  }
}

/** A tools/call result's content blocks and structuredContent, compact. */
export function resultText(result: Obj): string {
  const content = Array.isArray(result.content) ? result.content : [];
  const parts = content.map(partText);
  if (result.structuredContent !== undefined) parts.push(`structuredContent: ${clipPart(JSON.stringify(result.structuredContent))}`);
  return parts.length > 0 ? parts.join('\n') : '(no content)';
}
