import { applyEdits, modify, parse } from 'jsonc-parser';

/** The ways a server can be named, as VS Code's own "Add Server" offers them. */
export type NewServerKind = 'command' | 'npm' | 'pip' | 'python' | 'http';

export type ServerJson = { type: 'stdio'; command: string; args: string[] } | { type: 'http'; url: string };

/**
 * The entry for what the user typed: a command line (split on spaces, quotes kept
 * together), an npm package (run with `npx -y`), a Python package (run with `uvx`), a Python
 * module (`python -m`), or a Streamable HTTP URL.
 */
export function serverJson(kind: NewServerKind, value: string): ServerJson {
  const text = value.trim();
  switch (kind) {
    case 'command': {
      const [command, ...args] = splitCommandLine(text);
      return { type: 'stdio', command: command ?? '', args };
    }
    case 'npm':
      return { type: 'stdio', command: 'npx', args: ['-y', text] };
    case 'pip':
      return { type: 'stdio', command: 'uvx', args: [text] };
    case 'python':
      return { type: 'stdio', command: 'python', args: ['-m', text] };
    case 'http':
      return { type: 'http', url: text };
  }
}

/** A server name from the package, module, command or host: `@scope/weather-mcp` → `weather-mcp`. */
export function suggestedName(kind: NewServerKind, value: string): string {
  const text = value.trim();
  if (kind === 'http') {
    try {
      return new URL(text).hostname || 'server';
    } catch {
      return 'server';
    }
  }
  const word = kind === 'command' ? (splitCommandLine(text).at(-1) ?? '') : text;
  const base = word.split(/[/\\]/).at(-1) ?? word;
  return (
    base
      .replace(/@[^@]*$/, '')
      .replace(/\.(m?js|cjs|ts|py)$/, '')
      .replace(/[^A-Za-z0-9_.-]+/g, '-') || 'server'
  );
}

/**
 * The config text with `name` added under `key` (comments and formatting kept); a new file when
 * `text` is empty. `.vscode/mcp.json` keeps its servers under `servers`, the portable `.mcp.json`
 * under `mcpServers`.
 */
export function withServer(text: string | undefined, name: string, entry: ServerJson, key: 'servers' | 'mcpServers' = 'servers'): string {
  const base = text && text.trim() !== '' ? text : `{\n\t"${key}": {}\n}\n`;
  const servers = (parse(base) as Record<string, Record<string, unknown> | undefined> | undefined)?.[key] ?? {};
  if (Object.prototype.hasOwnProperty.call(servers, name)) throw new Error(`A server called "${name}" is already in this file.`);
  const edits = modify(base, [key, name], entry, { formattingOptions: { insertSpaces: false, tabSize: 1, eol: '\n' } });
  return applyEdits(base, edits);
}

/** `node "my server.js" --port 3` → ["node", "my server.js", "--port", "3"]. */
export function splitCommandLine(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) words.push(match[1] ?? match[2] ?? match[3]);
  return words;
}
