/** What in an error text belongs to the server's machine rather than to the caller. */
export interface Internals {
  kind: 'stack trace' | 'file path';
  excerpt: string;
}

/**
 * Paths the caller already knows, so an error naming them tells it nothing about the host:
 * the string arguments of the call (a filesystem tool's error names the file it was asked
 * for, resolved: "ENOENT … '/srv/data/notes.txt'" for `notes.txt`) and the folders the user
 * gave the server on its command line (its allowed directories).
 */
export interface KnownPaths {
  arguments: readonly string[];
  folders: readonly string[];
}

const NOTHING_KNOWN: KnownPaths = { arguments: [], folders: [] };

// Frames as V8 (`    at fn (/srv/app.js:3:9)`), Python (`File "/srv/app.py", line 3`) and the JVM print them.
const STACK_FRAME = /^\s*at .+[:(].*\d+:\d+\)?\s*$|^\s*File ".+", line \d+|^\s*at [\w$.]+\([\w.]+\.java:\d+\)/m;
// An absolute path with at least two segments that ends in a source file, or a home/system folder.
const FILE_PATH =
  /(?:^|[\s"'(=])((?:\/(?:home|Users|usr|var|opt|srv|app|root|tmp)\/[^\s"'():]+)|(?:[A-Za-z]:\\[^\s"'():]+\\[^\s"'():]+)|(?:\/[^\s"'():]+\/[^\s"'():]+\.(?:js|mjs|cjs|ts|py|rb|go|java|rs)\b))/g;
const SOURCE_FILE = /\.(?:js|mjs|cjs|ts|py|rb|go|java|rs)$/;

export function internalsIn(text: string, known: KnownPaths = NOTHING_KNOWN): Internals | undefined {
  const frame = STACK_FRAME.exec(text);
  if (frame) return { kind: 'stack trace', excerpt: frame[0].trim() };
  for (const match of text.matchAll(FILE_PATH)) {
    const start = match.index + match[0].length - match[1]!.length;
    const path = match[1]!.replace(/[.,;!?]+$/, ''); // the sentence's punctuation, not the path's
    const end = start + path.length;
    if (!endsInArgument(text, start, end, known.arguments) && !inFolder(text, start, end, known.folders)) {
      return { kind: 'file path', excerpt: path };
    }
  }
  return undefined;
}

/**
 * The path's last segments are an argument as given (`./`, `../`, `~/` and a leading slash
 * aside): the server resolved the caller's own path. The argument may run past the match,
 * which stops at a space ("my notes.txt").
 */
function endsInArgument(text: string, start: number, end: number, args: readonly string[]): boolean {
  for (const arg of args) {
    const tail = arg.replace(/^(?:\.{1,2}[\\/]|~[\\/]|[\\/])+/, '').replace(/[\\/]+$/, '');
    if (tail === '') continue;
    for (let at = text.indexOf(tail, start); at !== -1 && at < end; at = text.indexOf(tail, at + 1)) {
      const segmentStart = at === start || text[at - 1] === '/' || text[at - 1] === '\\';
      if (segmentStart && at + tail.length >= end) return true;
    }
  }
  return false;
}

/** The path is a folder or lies in it; the folder may run past the match, which stops at a space. */
function inFolder(text: string, start: number, end: number, folders: readonly string[]): boolean {
  return folders.some((f) => {
    if (!text.startsWith(f, start)) return false;
    const after = start + f.length;
    return after >= end || text[after] === '/' || text[after] === '\\';
  });
}

/**
 * The folders among a server's launch arguments: absolute paths, and relative ones resolved
 * against its working directory, that are not its program (a source file) or an option.
 */
export function launchFolders(args: readonly string[], cwd: string | undefined): string[] {
  const folders: string[] = [];
  for (const arg of args) {
    if (arg.startsWith('-') || SOURCE_FILE.test(arg)) continue;
    const absolute = arg.startsWith('/') || /^[A-Za-z]:\\/.test(arg);
    if (!absolute && (cwd === undefined || arg.includes('..') || arg.includes(':'))) continue;
    const sep = cwd?.includes('\\') ? '\\' : '/'; // a Windows server's cwd names its own separator
    const joined = absolute ? arg : arg === '.' ? cwd! : `${cwd}${sep}${arg.replace(/^\.[\\/]/, '').replaceAll('/', sep)}`;
    folders.push(joined.replace(/[\\/]+$/, '') || '/');
  }
  return folders;
}

/** The folders of a roots/list result (`{ roots: [{ uri: "file://…" }] }`); undefined for any other value. */
export function rootFolders(result: unknown): string[] | undefined {
  const roots = (result as { roots?: unknown } | null | undefined)?.roots;
  if (!Array.isArray(roots)) return undefined;
  const folders: string[] = [];
  for (const root of roots) {
    const uri = (root as { uri?: unknown } | null)?.uri;
    if (typeof uri !== 'string' || !uri.startsWith('file://')) continue;
    let path: string;
    try {
      path = decodeURIComponent(uri.slice('file://'.length).replace(/^[^/]*/, ''));
    } catch {
      continue;
    }
    // file:///C:/work is C:\work on the machine that wrote it.
    folders.push(/^\/[A-Za-z]:/.test(path) ? path.slice(1).replaceAll('/', '\\') : path.replace(/\/+$/, '') || '/');
  }
  return folders;
}

/** Every string in a call's arguments, however deep (at most `limit`, so a huge input costs little). */
export function argumentStrings(value: unknown, limit = 64): string[] {
  const found: string[] = [];
  const visit = (v: unknown): void => {
    if (found.length >= limit) return;
    if (typeof v === 'string') found.push(v);
    else if (Array.isArray(v)) v.forEach(visit);
    else if (typeof v === 'object' && v !== null) Object.values(v).forEach(visit);
  };
  visit(value);
  return found;
}
