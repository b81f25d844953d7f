import { readFile } from 'node:fs/promises';
import { configFilesFor, type PlatformInfo, type UserPlaces } from './locations';
import { parseConfig } from './parse';
import type { ConfigFile, ConfigProblem, ServerConfig } from './types';

export interface LoadOptions {
  workspaceFolders: readonly string[];
  /** Also read the Claude Desktop config of this platform/home. */
  claudeDesktop?: PlatformInfo;
  /** Also read the user-level files of VS Code, the Copilot CLI, Claude Code and Cursor. */
  user?: UserPlaces;
  /** Injected for tests; defaults to reading the disk as UTF-8. */
  read?: (path: string) => Promise<string>;
}

export interface LoadedConfig {
  /** Every file looked at, found or not (the extension watches them all). */
  candidates: ConfigFile[];
  /** The files that exist. */
  found: ConfigFile[];
  servers: ServerConfig[];
  problems: ConfigProblem[];
}

/** Reads every config file that exists. A missing file is not a problem; an unreadable one is. */
export async function loadConfigs(options: LoadOptions): Promise<LoadedConfig> {
  const read = options.read ?? ((path: string) => readFile(path, 'utf8'));
  const candidates = configFilesFor(options.workspaceFolders, options.claudeDesktop, options.user);
  const texts = await Promise.all(
    candidates.map(async (file) => {
      try {
        return { file, text: await read(file.path) };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') return { file };
        return { file, error: `cannot read the file: ${(error as Error).message}` };
      }
    }),
  );
  const result: LoadedConfig = { candidates, found: [], servers: [], problems: [] };
  // `~/.claude.json` is read once per scope: a fault of the file itself is told once.
  const told = new Set<string>();
  const tell = (problems: ConfigProblem[]) => {
    for (const problem of problems) {
      const text = JSON.stringify(problem);
      if (!told.has(text)) result.problems.push(problem);
      told.add(text);
    }
  };
  for (const entry of texts) {
    if ('error' in entry) {
      result.found.push(entry.file);
      tell([{ file: entry.file.path, message: entry.error!, severity: 'error' }]);
    } else if (entry.text !== undefined) {
      result.found.push(entry.file);
      const parsed = parseConfig(entry.file, entry.text.replace(/^\uFEFF/, ''));
      result.servers.push(...parsed.servers);
      tell(parsed.problems);
    }
  }
  return result;
}
