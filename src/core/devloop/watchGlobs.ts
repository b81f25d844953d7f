/**
 * Which files restart a server, and how a restart names them. `dev.watch` in
 * .vscode/mcp.json and the `mcpLens.dev.watch` setting both give workspace-relative globs.
 */
import * as path from 'node:path';

/** `mcpLens.dev.watch`: server name (or "*" for every server) → glob or globs. */
export function settingGlobs(setting: unknown, serverName: string): string[] {
  if (!setting || typeof setting !== 'object' || Array.isArray(setting)) return [];
  const table = setting as Record<string, unknown>;
  const globs: string[] = [];
  for (const value of [table['*'], table[serverName]]) {
    if (typeof value === 'string') globs.push(value);
    else if (Array.isArray(value)) globs.push(...value.filter((v): v is string => typeof v === 'string'));
  }
  return globs;
}

/** The config's and the setting's globs, deduplicated; `${workspaceFolder}/src/**` reads as `src/**`. */
export function watchGlobs(configured: readonly string[], setting: unknown, serverName: string): string[] {
  return [
    ...new Set(
      [...configured, ...settingGlobs(setting, serverName)]
        .map((g) => g.replace(/^\$\{workspaceFolder\}[\\/]?/, ''))
        .filter((g) => g.length > 0),
    ),
  ];
}

/** "saving weather.ts", "saving weather.ts and 2 other files". */
export function describeSaved(files: readonly string[]): string {
  const names = [...new Set(files.map((f) => path.basename(f)))];
  if (names.length <= 1) return `saving ${names[0] ?? 'a watched file'}`;
  return `saving ${names[0]} and ${names.length - 1} other file${names.length === 2 ? '' : 's'}`;
}
