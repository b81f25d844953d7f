import * as fs from 'node:fs';
import * as path from 'node:path';

export interface Launch {
  command: string;
  args: string[];
  windowsVerbatimArguments?: boolean;
}

// cmd.exe treats these as syntax; a caret makes each literal.
const CMD_META = /([()\][%!^"`<>&|;, *?])/g;

/**
 * How to start `command` on Windows. Node's spawn neither searches PATHEXT (so `npx` is not
 * found) nor runs a .cmd/.bat without a shell (EINVAL since the 2024 batch-file fix), and
 * most MCP servers are launched through `npx.cmd`. So: find the file on PATH, and run a
 * batch file through `cmd.exe /d /s /c` with every argument quoted and escaped, verbatim.
 */
export function windowsLaunch(
  command: string,
  args: string[],
  env: Record<string, string>,
  exists: (p: string) => boolean = fs.existsSync,
): Launch {
  const resolved = resolveOnPath(command, env, exists) ?? command;
  if (!/\.(cmd|bat)$/i.test(resolved)) return { command: resolved, args };
  // A batch file's arguments are parsed twice by cmd.exe (the line, then the batch), hence twice escaped.
  const line = [escapeForCmd(path.win32.normalize(resolved)), ...args.map((a) => escapeForCmd(quoteArgument(a), 2))].join(' ');
  return { command: envValue(env, 'ComSpec') ?? 'cmd.exe', args: ['/d', '/s', '/c', `"${line}"`], windowsVerbatimArguments: true };
}

function resolveOnPath(command: string, env: Record<string, string>, exists: (p: string) => boolean): string | undefined {
  const extensions = (envValue(env, 'PATHEXT') ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean);
  const candidates = path.win32.extname(command) ? ['', ...extensions] : extensions;
  const dirs = /[\\/]/.test(command) ? [''] : ['', ...(envValue(env, 'PATH') ?? '').split(';').filter(Boolean)];
  for (const dir of dirs) {
    for (const ext of candidates) {
      const candidate = dir ? path.win32.join(dir, command + ext) : command + ext;
      if (exists(candidate)) return candidate;
    }
  }
  return undefined;
}

/** Quotes one argument for CommandLineToArgvW: backslashes before a quote or the end are doubled. */
export function quoteArgument(arg: string): string {
  const escaped = arg.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\*)$/, '$1$1');
  return `"${escaped}"`;
}

export function escapeForCmd(text: string, times = 1): string {
  let out = text;
  for (let i = 0; i < times; i++) out = out.replace(CMD_META, '^$1');
  return out;
}

/** Windows environment names are case-insensitive (`Path`, `PATH`). */
function envValue(env: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(env).find((k) => k.toUpperCase() === name.toUpperCase());
  return key === undefined ? undefined : env[key];
}
