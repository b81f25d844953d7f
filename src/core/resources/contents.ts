/**
 * ReadResourceResult.contents, item by item, as a viewer shows them: text (with the VS Code
 * language its mime type names) or a blob (an image or audio to preview, anything else as
 * its size with Save as…).
 */
export type ResourcePart =
  | { kind: 'text'; uri: string; mimeType?: string; text: string; languageId: string }
  | { kind: 'blob'; uri: string; mimeType?: string; blob: string; bytes: number; preview: 'image' | 'audio' | 'none' }
  | { kind: 'invalid'; uri: string; reason: string };

export function resourceParts(result: Record<string, unknown>): ResourcePart[] {
  const contents = Array.isArray(result.contents) ? (result.contents as unknown[]) : [];
  return contents.map(resourcePart);
}

function resourcePart(item: unknown): ResourcePart {
  if (typeof item !== 'object' || item === null) return { kind: 'invalid', uri: '', reason: 'a contents item that is not an object' };
  const r = item as Record<string, unknown>;
  const uri = typeof r.uri === 'string' ? r.uri : '';
  const mimeType = typeof r.mimeType === 'string' ? r.mimeType : undefined;
  if (typeof r.text === 'string')
    return { kind: 'text', uri, ...(mimeType ? { mimeType } : {}), text: r.text, languageId: languageForMime(mimeType, uri) };
  if (typeof r.blob === 'string') {
    if (!/^[A-Za-z0-9+/=\s]*$/.test(r.blob)) return { kind: 'invalid', uri, reason: 'a blob that is not base64' };
    return {
      kind: 'blob',
      uri,
      ...(mimeType ? { mimeType } : {}),
      blob: r.blob,
      bytes: base64Bytes(r.blob),
      preview: previewFor(mimeType),
    };
  }
  return { kind: 'invalid', uri, reason: 'a contents item with neither text nor blob' };
}

function previewFor(mimeType: string | undefined): 'image' | 'audio' | 'none' {
  // Only a well-formed type goes into a data: URI; SVG is left out (it can carry script).
  if (mimeType && /^image\/(png|jpeg|gif|webp|bmp|x-icon|vnd\.microsoft\.icon)$/i.test(mimeType)) return 'image';
  if (mimeType && /^audio\/[\w.+-]+$/i.test(mimeType)) return 'audio';
  return 'none';
}

/** The decoded size of base64 text, padding and whitespace left out. */
export function base64Bytes(base64: string): number {
  const clean = base64.replace(/\s+/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

const BY_MIME: Record<string, string> = {
  'application/json': 'json',
  'application/ld+json': 'json',
  'application/schema+json': 'json',
  'application/javascript': 'javascript',
  'text/javascript': 'javascript',
  'application/typescript': 'typescript',
  'text/typescript': 'typescript',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/html': 'html',
  'text/css': 'css',
  'text/csv': 'csv',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'image/svg+xml': 'xml',
  'application/yaml': 'yaml',
  'application/x-yaml': 'yaml',
  'text/yaml': 'yaml',
  'text/x-python': 'python',
  'text/x-script.python': 'python',
  'application/x-sh': 'shellscript',
  'text/x-shellscript': 'shellscript',
  'application/sql': 'sql',
  'text/x-rust': 'rust',
  'text/x-go': 'go',
  'text/x-java': 'java',
  'text/x-c': 'c',
  'text/x-c++': 'cpp',
  'application/toml': 'toml',
  'text/plain': 'plaintext',
};

const BY_EXTENSION: Record<string, string> = {
  json: 'json',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'typescript',
  tsx: 'typescriptreact',
  jsx: 'javascriptreact',
  md: 'markdown',
  html: 'html',
  htm: 'html',
  css: 'css',
  csv: 'csv',
  xml: 'xml',
  yaml: 'yaml',
  yml: 'yaml',
  py: 'python',
  sh: 'shellscript',
  sql: 'sql',
  rs: 'rust',
  go: 'go',
  java: 'java',
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  toml: 'toml',
  txt: 'plaintext',
};

/**
 * The VS Code language id for a text resource: by its mime type (parameters such as
 * `; charset=utf-8` ignored, `+json` and `+xml` suffixes understood), else by the URI's
 * extension, else plain text.
 */
export function languageForMime(mimeType: string | undefined, uri = ''): string {
  const mime = mimeType?.split(';')[0]?.trim().toLowerCase();
  if (mime) {
    if (BY_MIME[mime]) return BY_MIME[mime];
    if (mime.endsWith('+json')) return 'json';
    if (mime.endsWith('+xml')) return 'xml';
  }
  const ext = /\.([A-Za-z0-9]+)(?:[?#].*)?$/.exec(uri)?.[1]?.toLowerCase();
  return (ext && BY_EXTENSION[ext]) || 'plaintext';
}
