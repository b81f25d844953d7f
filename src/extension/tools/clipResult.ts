/**
 * What the tool panel posts to its webview for a result: the result itself when it is small,
 * otherwise a copy with each big piece cut to a preview. A 50 MiB result posted whole stalled
 * the extension host for seconds (and the webview drew all of it); the full result stays in
 * the host, which opens it in a read-only JSON document on "Open full result". Pure, no vscode.
 */
import type { ClipNote } from './protocol';

/** A text (or embedded resource text) block over this many characters is shown clipped. */
export const TEXT_PREVIEW_CHARS = 256 * 1024;
/** structuredContent whose JSON is longer than this is shown as the head of its JSON text. */
export const STRUCTURED_PREVIEW_CHARS = 1024 * 1024;
/** Base64 image/audio/blob data over this many characters is not previewed at all. */
export const MEDIA_PREVIEW_CHARS = 8 * 1024 * 1024;

/** `result` unchanged and no note when nothing is too big; else a clipped copy and what was cut. */
export function clipResult(result: Record<string, unknown>): { result: Record<string, unknown>; clipped?: ClipNote } {
  const note: ClipNote = { content: {} };
  let any = false;
  let out = result;
  if (Array.isArray(result.content)) {
    const content = result.content.map((block, i) => {
      const cut = clipBlock(block);
      if (!cut) return block;
      note.content[i] = cut.note;
      any = true;
      return cut.block;
    });
    if (any) out = { ...result, content };
  }
  if (result.structuredContent !== undefined) {
    const json = JSON.stringify(result.structuredContent) ?? '';
    if (json.length > STRUCTURED_PREVIEW_CHARS) {
      note.structured = { bytes: Buffer.byteLength(json, 'utf8'), preview: head(json, TEXT_PREVIEW_CHARS) };
      out = { ...out, structuredContent: null };
      any = true;
    }
  }
  return any ? { result: out, clipped: note } : { result };
}

function clipBlock(block: unknown): { block: Record<string, unknown>; note: ClipNote['content'][number] } | undefined {
  if (!block || typeof block !== 'object') return undefined;
  const b = block as Record<string, unknown>;
  if (b.type === 'text' && typeof b.text === 'string' && b.text.length > TEXT_PREVIEW_CHARS) {
    return { block: { ...b, text: head(b.text, TEXT_PREVIEW_CHARS) }, note: { bytes: Buffer.byteLength(b.text, 'utf8'), preview: 'head' } };
  }
  if ((b.type === 'image' || b.type === 'audio') && typeof b.data === 'string' && b.data.length > MEDIA_PREVIEW_CHARS) {
    return { block: { ...b, data: '' }, note: { bytes: base64Bytes(b.data), preview: 'none' } };
  }
  if (b.type === 'resource' && b.resource && typeof b.resource === 'object') {
    const r = b.resource as Record<string, unknown>;
    if (typeof r.text === 'string' && r.text.length > TEXT_PREVIEW_CHARS) {
      return {
        block: { ...b, resource: { ...r, text: head(r.text, TEXT_PREVIEW_CHARS) } },
        note: { bytes: Buffer.byteLength(r.text, 'utf8'), preview: 'head' },
      };
    }
    if (typeof r.blob === 'string' && r.blob.length > MEDIA_PREVIEW_CHARS) {
      return { block: { ...b, resource: { ...r, blob: '' } }, note: { bytes: base64Bytes(r.blob), preview: 'none' } };
    }
  }
  return undefined;
}

/** The first `n` UTF-16 units, not ending in half a surrogate pair. */
function head(text: string, n: number): string {
  const code = text.charCodeAt(n - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n);
}

function base64Bytes(data: string): number {
  let pad = 0;
  if (data.endsWith('==')) pad = 2;
  else if (data.endsWith('=')) pad = 1;
  return Math.floor((data.length * 3) / 4) - pad;
}
