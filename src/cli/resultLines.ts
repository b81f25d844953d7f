import { terminalText } from '../core/text';
import type { Style } from './style';
import { isRecord } from '../core/schema/isRecord';

type Obj = Record<string, unknown>;

function size(base64: unknown): string {
  if (typeof base64 !== 'string') return '?';
  const n = Math.floor((base64.length * 3) / 4);
  return n >= 1024 ? `${(n / 1024).toFixed(1)} KB` : `${n} B`;
}

/**
 * A tool result as a person reads it: text content verbatim (it is what the model reads),
 * other content summarised in brackets, structuredContent as JSON.
 */
export function resultLines(result: Obj, style: Style): string[] {
  const out: string[] = [];
  const content = Array.isArray(result.content) ? result.content : [];
  for (const item of content) {
    if (!isRecord(item)) {
      out.push(style.dim(`[content item that is not an object: ${JSON.stringify(item)}]`));
      continue;
    }
    switch (item.type) {
      case 'text':
        out.push(terminalText(String(item.text ?? ''), { keepLines: true }));
        break;
      case 'image':
      case 'audio':
        out.push(style.dim(`[${item.type} ${String(item.mimeType ?? '?')}, ${size(item.data)}]`));
        break;
      case 'resource_link':
        out.push(style.dim(`[resource link ${String(item.uri ?? '?')}${item.name ? ` "${String(item.name)}"` : ''}]`));
        break;
      case 'resource': {
        const r = isRecord(item.resource) ? item.resource : {};
        if (typeof r.text === 'string') {
          out.push(style.dim(`[resource ${String(r.uri ?? '?')}]`));
          out.push(terminalText(r.text, { keepLines: true }));
        } else {
          out.push(style.dim(`[resource ${String(r.uri ?? '?')} ${String(r.mimeType ?? '')}, ${size(r.blob)}]`.replace(' ,', ',')));
        }
        break;
      }
      default:
        out.push(style.dim(`[${String(item.type)} content]`));
    }
  }
  if (result.structuredContent !== undefined) {
    out.push(style.dim('structuredContent:'));
    out.push(JSON.stringify(result.structuredContent, null, 2));
  }
  if (content.length === 0 && result.structuredContent === undefined) out.push(style.dim('(empty result)'));
  return out;
}
