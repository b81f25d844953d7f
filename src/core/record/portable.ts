import * as path from 'node:path';
import type { InputDefinition, StdioServerConfig } from '../config/types';

/**
 * A server's launch as another host must write it: literal text, or a reference that host
 * resolves itself (an environment variable, a VS Code input). A secret is always a reference,
 * never its value: the copied command ends up in configs, chats and screenshots.
 */
export type Part = { text: string } | { env: string } | { input: string };
export type Word = Part[];

export interface PortableEnv {
  name: string;
  /** null: the config removes the variable from the inherited environment. */
  value: Word | null;
  /** Named like a credential, or holding one: rendered by reference only. */
  secret: boolean;
}

export interface PortableServer {
  name: string;
  command: Word;
  args: Word[];
  /** Absolute, when the config names one or implies the workspace folder. */
  cwd?: string;
  env: PortableEnv[];
  /** The `.vscode/mcp.json` inputs the words refer to (VS Code can still prompt for them). */
  inputs: InputDefinition[];
}

export interface PortableContext {
  userHome: string;
}

/** Env and flag names that hold credentials (as the export redaction reads them). */
const SECRET_NAME =
  /token|secret|passw(or)?d|passwd|pwd|api[-_]?key|access[-_]?key|private[-_]?key|^key$|_key$|auth|credential|bearer|cookie/i;
/** `scheme://user:password@host`: a URL with its password in it. */
const URL_PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/[^/\s:@]+:[^/\s@]+@/i;

export function looksSecret(name: string): boolean {
  return SECRET_NAME.test(name);
}

const VARIABLE = /\$\{([^}]*)\}/g;
/** Claude Code's `.mcp.json` writes `${NAME}` and `${NAME:-default}` for the environment. */
const SHELL_STYLE = /^([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/s;

/** Splits a config string into text and the references another host can resolve. */
export function parseWord(value: string, config: StdioServerConfig, ctx: PortableContext): Word {
  const word: Word = [];
  const text = (t: string) => {
    if (t === '') return;
    const last = word[word.length - 1];
    if (last && 'text' in last) last.text += t;
    else word.push({ text: t });
  };
  let at = 0;
  for (const m of value.matchAll(VARIABLE)) {
    text(value.slice(at, m.index));
    at = m.index! + m[0].length;
    const name = m[1]!;
    const folder = config.file.workspaceFolder;
    if (name === 'workspaceFolder' && folder) text(folder);
    else if (name === 'workspaceFolderBasename' && folder) text(path.basename(folder));
    else if (name === 'userHome') text(ctx.userHome);
    else if (name === 'pathSeparator' || name === '/') text(path.sep);
    else if (name.startsWith('env:')) word.push({ env: name.slice(4) });
    else if (name.startsWith('input:')) word.push({ input: name.slice(6) });
    else {
      const shell = config.file.kind === 'mcp' ? SHELL_STYLE.exec(name) : null;
      if (shell && shell[2] === undefined) word.push({ env: shell[1]! });
      else text(m[0]); // a default (or an unknown variable) is kept as written
    }
  }
  text(value.slice(at));
  return word;
}

const isLiteral = (w: Word) => w.every((p) => 'text' in p);
const literal = (w: Word) => w.map((p) => ('text' in p ? p.text : '')).join('');

/** `./server.js`, `../x/main.py`, `build/index.js`: relative to the server's cwd, which another host does not share. */
function looksRelativePath(arg: string): boolean {
  if (arg.startsWith('-') || path.isAbsolute(arg) || /^[a-z][a-z0-9+.-]*:/i.test(arg)) return false;
  return arg.startsWith('./') || arg.startsWith('../') || /\.(m?js|cjs|ts|py)$/.test(arg);
}

/** The name an environment reference gets when a secret sat in an argument or an input. */
function envNameFor(text: string): string {
  return (
    text
      .replace(/^-+/, '')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .toUpperCase() || 'SECRET'
  );
}

/**
 * The server as another host must launch it: workspace variables expanded to absolute paths,
 * relative script paths made absolute, and every secret replaced by a reference.
 */
export function portableServer(config: StdioServerConfig, ctx: PortableContext): PortableServer {
  const folder = config.file.workspaceFolder;
  const cwd = config.cwd ? path.resolve(folder ?? ctx.userHome, literal(parseWord(config.cwd, config, ctx))) : folder;
  const absolute = (w: Word): Word => {
    if (!cwd || !isLiteral(w) || !looksRelativePath(literal(w))) return w;
    return [{ text: path.resolve(cwd, literal(w)) }];
  };
  const passwords = new Set(config.inputs.filter((i) => i.password).map((i) => i.id));

  const command = absolute(parseWord(config.command, config, ctx));
  const args: Word[] = [];
  let secretFlag: string | undefined;
  for (const raw of config.args) {
    const word = parseWord(raw, config, ctx);
    const eq = /^(--?[A-Za-z][\w-]*)=(.*)$/s.exec(raw);
    if (secretFlag !== undefined && isLiteral(word) && !raw.startsWith('-')) {
      // `--api-key sk-…`: the value after a credential flag.
      args.push([{ env: envNameFor(secretFlag) }]);
    } else if (eq && looksSecret(eq[1]!) && isLiteral(word)) {
      args.push([{ text: `${eq[1]}=` }, { env: envNameFor(eq[1]!) }]);
    } else {
      args.push(absolute(word));
    }
    secretFlag = raw.startsWith('-') && !eq && looksSecret(raw) ? raw : undefined;
  }

  const env: PortableEnv[] = [];
  for (const [name, value] of Object.entries(config.env)) {
    if (value === null) {
      env.push({ name, value: null, secret: false });
      continue;
    }
    const word = parseWord(value, config, ctx);
    const holdsPassword = word.some((p) => 'input' in p && passwords.has(p.input));
    const secret = looksSecret(name) || holdsPassword || URL_PASSWORD.test(value);
    // A literal secret is read from the host's environment under the same name instead.
    env.push({ name, value: secret && !word.some((p) => !('text' in p)) ? [{ env: name }] : word, secret });
  }

  const used = new Set([command, ...args, ...env.map((e) => e.value ?? [])].flat().flatMap((p) => ('input' in p ? [p.input] : [])));
  return { name: config.name, command, args, cwd, env, inputs: config.inputs.filter((i) => used.has(i.id)) };
}
