// The README and docs/ link into each other by relative paths and #anchors; a page moved or a
// heading renamed breaks them silently (GitHub shows a 404 or lands at the top). This finds
// every relative link and image and checks it against the files and headings there are.
// External links (any scheme: https, mailto, command) are not fetched: no network in tests.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';

export interface Link {
  file: string;
  line: number;
  target: string;
}

/** Lines outside fenced code blocks, numbered from 1 (a `# comment` in a code block is no heading). */
function outsideFences(markdown: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((text, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
    if (marker && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === undefined ? marker : undefined;
    } else if (fence === undefined) {
      out.push({ line: index + 1, text });
    }
  });
  return out;
}

/** Prose lines with inline code spans blanked: a link written in code is no link. */
function prose(markdown: string): { line: number; text: string }[] {
  return outsideFences(markdown).map(({ line, text }) => ({ line, text: text.replace(/(`+)[^`][\s\S]*?\1/g, (span) => ' '.repeat(span.length)) }));
}

/**
 * GitHub's heading anchor: lowercase, punctuation dropped except "-" and "_", each space a "-";
 * a repeated heading gets "-1", "-2" after it.
 */
export function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a Markdown file's headings get. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  const headingText = (raw: string): string => raw.replace(/\s+#+\s*$/, '').trim();
  for (const { text } of outsideFences(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*)$/.exec(text)?.[1];
    if (heading === undefined) continue;
    const base = slug(headingText(heading));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** Every inline link and image target of a Markdown file, with its line. */
export function links(file: string, markdown: string): Link[] {
  const found: Link[] = [];
  for (const { line, text } of prose(markdown)) {
    for (const m of text.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>]*>|[^)\s]*)(?:\s+"[^"]*")?\s*\)/g)) {
      found.push({ file, line, target: m[1]!.replace(/^<|>$/g, '') });
    }
  }
  return found;
}

const external = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** One sentence per broken relative link or anchor in `files` (paths relative to `root`). */
export function brokenLinks(root: string, files: string[]): string[] {
  const problems: string[] = [];
  const headingsOf = new Map<string, Set<string>>();
  const headings = (path: string): Set<string> => {
    if (!headingsOf.has(path)) headingsOf.set(path, anchors(readFileSync(path, 'utf8')));
    return headingsOf.get(path)!;
  };
  for (const file of files) {
    const path = resolve(root, file);
    for (const link of links(file, readFileSync(path, 'utf8'))) {
      if (external(link.target)) continue;
      const where = `${file}:${link.line}: ${link.target}`;
      const hash = link.target.indexOf('#');
      const pathPart = decodeURIComponent(hash < 0 ? link.target : link.target.slice(0, hash));
      const anchor = hash < 0 ? undefined : decodeURIComponent(link.target.slice(hash + 1));
      const target = pathPart === '' ? path : resolve(dirname(path), pathPart);
      if (!target.startsWith(resolve(root))) problems.push(`${where}: points outside the repository`);
      else if (!existsSync(target)) problems.push(`${where}: no file ${relative(root, target)}`);
      else if (anchor !== undefined && extname(target) === '.md' && !headings(target).has(anchor)) {
        problems.push(`${where}: no heading with the anchor #${anchor} in ${relative(root, target)}`);
      }
    }
  }
  return problems;
}

/** The Markdown files reachable from `start` by relative links (paths relative to `root`). */
export function reachable(root: string, start: string): Set<string> {
  const seen = new Set<string>([start]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const link of links(file, readFileSync(join(root, file), 'utf8'))) {
      if (external(link.target)) continue;
      const pathPart = decodeURIComponent(link.target.split('#')[0]!);
      if (pathPart === '' || extname(pathPart) !== '.md') continue;
      const next = relative(root, resolve(dirname(join(root, file)), pathPart));
      if (!seen.has(next) && existsSync(join(root, next))) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}
