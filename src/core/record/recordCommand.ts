import type { InputDefinition } from '../config/types';
import { looksSecret, type Part, type PortableServer, type Word } from './portable';

/** The hosts whose config we can write an entry for (DESIGN.md §6 names the same files). */
export type RecordFormat = 'claude-desktop' | 'mcp-json' | 'cursor' | 'vscode' | 'shell';

export const RECORD_FORMATS: readonly { format: RecordFormat; label: string; detail: string }[] = [
  { format: 'claude-desktop', label: 'Claude Desktop', detail: 'an "mcpServers" entry for claude_desktop_config.json' },
  { format: 'vscode', label: 'VS Code', detail: 'a "servers" entry (type stdio) for .vscode/mcp.json' },
  { format: 'mcp-json', label: 'Claude Code (.mcp.json)', detail: 'an "mcpServers" entry for .mcp.json' },
  { format: 'cursor', label: 'Cursor', detail: 'an "mcpServers" entry for .cursor/mcp.json' },
  { format: 'shell', label: 'Shell command line', detail: 'one POSIX shell line (sh, bash, zsh)' },
];

/** Replaced by the launch time when `mcp-lens record` opens the file (src/core/record/outPath.ts). */
export const TIMESTAMP = '{timestamp}';

export interface RecordLaunchOptions {
  /** The node that runs the CLI (`node`: the host's PATH). */
  node: string;
  /** Absolute path of the bundled CLI (`<extensionPath>/dist/cli.js`). */
  cliPath: string;
  /** Absolute path of the trace file; may contain {timestamp}. */
  tracePath: string;
  /**
   * The environment of the machine, for Claude Desktop, which expands no variables: a
   * reference to a variable that is not secret is written out from here.
   */
  hostEnv?: Record<string, string | undefined>;
  /** Absolute globs: the hot-reload proxy restarts the server when one of these files changes. */
  watch?: readonly string[];
}

export interface RecordLaunch {
  format: RecordFormat;
  /** What goes to the clipboard. */
  text: string;
  /** Environment variables the host must provide (secrets are never written out). */
  needs: string[];
}

/** The words the host runs: node cli.js record [--watch GLOB…] --out TRACE -- SERVER ARGS… */
function proxyWords(server: PortableServer, o: RecordLaunchOptions): { command: Word; args: Word[] } {
  const t = (text: string): Word => [{ text }];
  const watch = (o.watch ?? []).flatMap((glob) => [t('--watch'), t(glob)]);
  return {
    command: t(o.node),
    args: [t(o.cliPath), t('record'), ...watch, t('--out'), t(o.tracePath), t('--'), server.command, ...server.args],
  };
}

/** The variable a host reads for an input: the env entry's own name, else one made from the input id. */
function inputEnvName(id: string): string {
  return id.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase();
}

type Renderer = (p: Part, needs: Set<string>) => string;

function rendererFor(format: Exclude<RecordFormat, 'shell'>, o: RecordLaunchOptions): Renderer {
  return (p, needs) => {
    if ('text' in p) return p.text;
    if ('input' in p && format === 'vscode') return `\${input:${p.input}}`;
    const name = 'env' in p ? p.env : inputEnvName(p.input);
    // Claude Desktop passes strings through unexpanded: a variable that is no secret is written out.
    const value = format === 'claude-desktop' ? o.hostEnv?.[name] : undefined;
    if (value !== undefined && !looksSecret(name)) return value;
    needs.add(name);
    if (format === 'vscode' || format === 'cursor') return `\${env:${name}}`;
    if (format === 'mcp-json') return `\${${name}}`;
    return `<${name}>`;
  };
}

function jsonEntry(server: PortableServer, format: Exclude<RecordFormat, 'shell'>, o: RecordLaunchOptions): RecordLaunch {
  const needs = new Set<string>();
  const render = rendererFor(format, o);
  const word = (w: Word) => w.map((p) => render(p, needs)).join('');
  const { command, args } = proxyWords(server, o);
  const entry: Record<string, unknown> = format === 'vscode' ? { type: 'stdio' } : {};
  entry.command = word(command);
  entry.args = args.map(word);
  if (format === 'vscode' && server.cwd) entry.cwd = server.cwd;
  const env: Record<string, string | null> = {};
  for (const e of server.env) {
    if (e.value === null) {
      if (format === 'vscode') env[e.name] = null; // VS Code: null unsets an inherited variable
      continue;
    }
    // Outside VS Code an input becomes the host's variable of the same name as the entry.
    const value = format !== 'vscode' && e.value.some((p) => 'input' in p) ? [{ env: e.name }] : e.value;
    env[e.name] = word(value);
  }
  if (Object.keys(env).length > 0) entry.env = env;
  const root: Record<string, unknown> =
    format === 'vscode'
      ? { ...(server.inputs.length > 0 ? { inputs: server.inputs.map(inputForCopy) } : {}), servers: { [server.name]: entry } }
      : { mcpServers: { [server.name]: entry } };
  return { format, text: JSON.stringify(root, null, 2), needs: [...needs].sort() };
}

/** A copied input keeps what VS Code needs to ask for it; a remembered default that is a password is dropped. */
function inputForCopy(i: InputDefinition): InputDefinition {
  const { default: fallback, ...rest } = i;
  return i.password ? rest : { ...rest, ...(fallback !== undefined ? { default: fallback } : {}) };
}

/** POSIX single quotes: everything literal; a quote itself is closed, escaped and reopened. */
export function shellQuote(text: string): string {
  if (text !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(text)) return text;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function shellWord(w: Word, needs: Set<string>): string {
  if (w.length === 0) return "''";
  return w
    .map((p) => {
      if ('text' in p) return shellQuote(p.text);
      const name = 'env' in p ? p.env : inputEnvName(p.input);
      needs.add(name);
      return `"\${${name}}"`;
    })
    .join('');
}

function shellLine(server: PortableServer, o: RecordLaunchOptions): RecordLaunch {
  const needs = new Set<string>();
  const { command, args } = proxyWords(server, o);
  const unset = server.env.filter((e) => e.value === null).map((e) => `-u ${shellQuote(e.name)}`);
  const assignments = server.env
    .filter((e) => e.value !== null)
    .map((e) => {
      const value = e.value!.some((p) => 'input' in p) ? [{ env: e.name }] : e.value!;
      // The same variable from the shell: fail at once, by name, when it is not set.
      if (value.length === 1 && 'env' in value[0]! && value[0].env === e.name) {
        needs.add(e.name);
        return `${e.name}="\${${e.name}:?set ${e.name} first}"`;
      }
      return `${e.name}=${shellWord(value, needs)}`;
    });
  const words = [
    ...(unset.length > 0 ? ['env', ...unset] : []),
    ...assignments,
    shellWord(command, needs),
    ...args.map((a) => shellWord(a, needs)),
  ];
  const cd = server.cwd ? `cd ${shellQuote(server.cwd)} && ` : '';
  return { format: 'shell', text: cd + words.join(' '), needs: [...needs].sort() };
}

/** The launch config for `format` that runs the server through `mcp-lens record`. */
export function recordLaunch(server: PortableServer, format: RecordFormat, options: RecordLaunchOptions): RecordLaunch {
  return format === 'shell' ? shellLine(server, options) : jsonEntry(server, format, options);
}

/** `<dir>/<server>-{timestamp}.mcptrace.jsonl`, the server name made safe for a file name. */
export function defaultTraceName(serverName: string): string {
  const safe = serverName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'server';
  return `${safe}-${TIMESTAMP}.mcptrace.jsonl`;
}
