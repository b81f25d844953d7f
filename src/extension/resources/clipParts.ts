import type { ResourcePart } from '../../core/resources/contents';

/** What a webview is sent at most per part; the host keeps the whole and opens it on request. */
const TEXT_CHARS = 256 * 1024;
const BLOB_CHARS = 8 * 1024 * 1024;

export function clipParts(parts: ResourcePart[]): { parts: ResourcePart[]; clipped: boolean } {
  let clipped = false;
  const out = parts.map((p): ResourcePart => {
    if (p.kind === 'text' && p.text.length > TEXT_CHARS) {
      clipped = true;
      return { ...p, text: p.text.slice(0, TEXT_CHARS) };
    }
    if (p.kind === 'blob' && p.blob.length > BLOB_CHARS) {
      clipped = true;
      return { ...p, blob: '', preview: 'none' };
    }
    return p;
  });
  return { parts: out, clipped };
}
