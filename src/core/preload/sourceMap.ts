/**
 * Maps a stack frame of generated JavaScript (esbuild, tsc, bundlers) back to the user's
 * original file and line through the file's source map.
 *
 * Node's own `SourceMap` (node:module, the class behind --enable-source-maps) decodes the
 * mappings, so no dependency is needed; this file only finds the map (the last
 * `//# sourceMappingURL=` comment: a data: URL or a file beside the script, else
 * `<file>.map`) and resolves `sourceRoot` + `sources` against the map's own location.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { StackFrame } from './record';

/** A frame mapped to its original source; `generated` keeps where it ran. */
export interface SourceFrame extends StackFrame {
  generated?: StackFrame;
}

interface LoadedMap {
  map: SourceMap;
  /** The URL the map's relative `sources` resolve against. */
  base: URL;
  sourceRoot: string;
}

const cache = new Map<string, { stamp: string; loaded: LoadedMap | undefined }>();

/** The frame's original location, or the frame itself when it has no usable source map. */
export function mapToSource(frame: StackFrame): SourceFrame {
  try {
    const file = frame.file.startsWith('file://') ? fileURLToPath(frame.file) : frame.file;
    if (!path.isAbsolute(file)) return frame;
    const loaded = loadMap(file);
    if (!loaded) return frame;
    // SourceMap rows and columns are 0-based; stack frames are 1-based.
    const entry = loaded.map.findEntry(frame.line - 1, frame.column - 1);
    // A frame on a generated line with no mapping (a bundler's helper) has no original line:
    // findEntry would answer with the nearest earlier line, which would be a wrong place.
    if (!('originalSource' in entry) || entry.generatedLine !== frame.line - 1) return frame;
    const original = resolveSource(loaded, entry.originalSource);
    if (!original) return frame;
    const mapped: SourceFrame = {
      file: original,
      line: entry.originalLine + 1,
      column: entry.originalColumn + 1,
      generated: frame,
    };
    // `name` is there at run time though @types/node leaves it out of SourceMapping.
    const name = (entry as { name?: string }).name ?? frame.function;
    if (name) mapped.function = name;
    if (frame.library || /[\\/]node_modules[\\/]/.test(original)) mapped.library = true;
    return mapped;
  } catch {
    return frame;
  }
}

/** Every frame of a stack, mapped. */
export function mapStack(stack: readonly StackFrame[]): SourceFrame[] {
  return stack.map(mapToSource);
}

function loadMap(file: string): LoadedMap | undefined {
  let stamp: string;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return undefined;
    stamp = `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return undefined;
  }
  const hit = cache.get(file);
  if (hit && hit.stamp === stamp) return hit.loaded;
  const loaded = readMap(file);
  cache.set(file, { stamp, loaded });
  return loaded;
}

// The last comment wins: a bundle may contain the comments of the files it inlined.
const MAPPING_URL = /^[ \t]*\/\/[#@][ \t]*sourceMappingURL=([^\s'"]+)[ \t]*$/gm;

function readMap(file: string): LoadedMap | undefined {
  const text = fs.readFileSync(file, 'utf8');
  let url: string | undefined;
  for (const match of text.matchAll(MAPPING_URL)) url = match[1];
  const scriptUrl = pathToFileURL(file);
  let payloadText: string;
  let base: URL;
  if (url?.startsWith('data:')) {
    const comma = url.indexOf(',');
    if (comma === -1) return undefined;
    const meta = url.slice(5, comma);
    const data = url.slice(comma + 1);
    payloadText = meta.endsWith(';base64') ? Buffer.from(data, 'base64').toString('utf8') : decodeURIComponent(data);
    base = scriptUrl;
  } else {
    base = url ? new URL(url, scriptUrl) : new URL(`${scriptUrl.href}.map`);
    if (base.protocol !== 'file:') return undefined;
    const mapPath = fileURLToPath(base);
    if (!fs.existsSync(mapPath)) return undefined;
    payloadText = fs.readFileSync(mapPath, 'utf8');
  }
  const payload = JSON.parse(payloadText) as SourceMapPayload;
  return { map: new SourceMap(payload), base, sourceRoot: payload.sourceRoot ?? '' };
}

/** `sourceRoot` + source, resolved against the map's location (source-map v3 §"sources"). */
function resolveSource(loaded: LoadedMap, source: string): string | undefined {
  const root = loaded.sourceRoot && !loaded.sourceRoot.endsWith('/') ? `${loaded.sourceRoot}/` : loaded.sourceRoot;
  const joined = root + source;
  if (path.isAbsolute(joined)) return joined;
  let url: URL;
  try {
    url = new URL(joined, loaded.base);
  } catch {
    return undefined;
  }
  // webpack://, ng:// and friends name no file on this disk.
  return url.protocol === 'file:' ? fileURLToPath(url) : undefined;
}
