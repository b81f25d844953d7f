import { isAbsolute, join } from 'node:path';
import { rootsFromPaths, type Root } from '../core/session/roots';

/**
 * The roots a server is given: the workspace folders, unless `mcpLens.roots` names other
 * directories for that server (relative ones are taken from the first workspace folder).
 */
export function rootsForServer(server: string, overrides: Record<string, unknown>, workspaceFolders: readonly string[]): Root[] {
  const own = overrides[server];
  if (Array.isArray(own) && own.every((p) => typeof p === 'string')) {
    const base = workspaceFolders[0] ?? process.cwd();
    return rootsFromPaths((own as string[]).map((p) => (isAbsolute(p) ? p : join(base, p))));
  }
  return rootsFromPaths(workspaceFolders);
}

export function sameRoots(a: readonly Root[], b: readonly Root[]): boolean {
  return a.length === b.length && a.every((r, i) => r.uri === b[i]!.uri && r.name === b[i]!.name);
}
