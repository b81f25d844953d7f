/**
 * The watch globs of `mcp-lens record --watch`: `**` spans folders, `*` and `?` stay within
 * one, `{a,b}` is either. Paths use forward slashes; a glob and the paths it is matched
 * against are both relative or both absolute.
 */
export interface WatchGlob {
  /** The folder to watch: the glob's leading part without wildcards ("src" for "src/**\/*.ts"). */
  root: string;
  matches(relativePath: string): boolean;
}

export function watchGlob(pattern: string): WatchGlob {
  const normalised = pattern.replace(/\\/g, '/').replace(/^\.\//, '');
  const segments = normalised.split('/');
  const fixed: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (/[*?{[]/.test(segment)) break;
    fixed.push(segment);
  }
  const regex = new RegExp(`^${toRegExp(normalised)}$`);
  const root = fixed.join('/') || (normalised.startsWith('/') ? '/' : '.');
  return { root, matches: (path) => regex.test(path.replace(/\\/g, '/').replace(/^\.\//, '')) };
}

function toRegExp(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i];
    if (ch === '*' && glob[i + 1] === '*') {
      // "**/" matches zero or more folders; a trailing "**" anything below.
      const slash = glob[i + 2] === '/';
      out += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (ch === '*') out += '[^/]*';
    else if (ch === '?') out += '[^/]';
    else if (ch === '{') {
      const end = glob.indexOf('}', i);
      if (end < 0) out += '\\{';
      else {
        out += `(?:${glob
          .slice(i + 1, end)
          .split(',')
          .map(toRegExp)
          .join('|')})`;
        i = end;
      }
    } else out += /[.+^${}()|[\]\\]/.test(ch) ? `\\${ch}` : ch;
  }
  return out;
}
