import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { grantsIn, type GrantsByIssuer, type GrantStore, type SavedGrant } from '../core/auth/savedGrant';
import { asRecord, isRecord } from '../core/schema/isRecord';

/**
 * Where `--auth` keeps its grants between runs: the user's cache folder (XDG on Linux,
 * ~/Library/Caches on macOS, %LOCALAPPDATA% on Windows), or MCP_LENS_CACHE_DIR.
 */
export function tokenCacheFile(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home = homedir(),
): string {
  if (env.MCP_LENS_CACHE_DIR) return join(env.MCP_LENS_CACHE_DIR, 'tokens.json');
  const base =
    platform === 'win32'
      ? (env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'))
      : platform === 'darwin'
        ? join(home, 'Library', 'Caches')
        : env.XDG_CACHE_HOME || join(home, '.cache');
  return join(base, 'mcp-lens', 'tokens.json');
}

interface CacheFile {
  version: 1;
  /** Server URL → issuer → grant. */
  servers: Record<string, GrantsByIssuer>;
}

/**
 * The CLI's grants in one JSON file only its owner can read (0600, in a 0700 folder), written
 * whole to a temporary file and renamed, so a crash never leaves half a file.
 */
export class FileGrantStore implements GrantStore {
  constructor(readonly file: string) {}

  async load(serverUrl: string): Promise<SavedGrant[]> {
    return grantsIn(this.read().servers[serverUrl]);
  }

  async save(serverUrl: string, grant: SavedGrant): Promise<void> {
    const cache = this.read();
    cache.servers[serverUrl] = { ...cache.servers[serverUrl], [grant.issuer]: grant };
    this.write(cache);
  }

  async clear(serverUrl: string): Promise<number> {
    const cache = this.read();
    const count = grantsIn(cache.servers[serverUrl]).length;
    if (!(serverUrl in cache.servers)) return 0;
    delete cache.servers[serverUrl];
    this.write(cache);
    return count;
  }

  private read(): CacheFile {
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(this.file, 'utf8'));
    } catch {
      // No cache yet, or one that cannot be read: start over (it only holds what a sign-in gives again).
      return { version: 1, servers: {} };
    }
    const servers = asRecord(value)?.servers;
    // An array is no map of servers: a grant written into one would vanish from the JSON.
    return { version: 1, servers: isRecord(servers) ? (servers as CacheFile['servers']) : {} };
  }

  private write(cache: CacheFile): void {
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(cache, null, 2)}\n`, { mode: 0o600 });
    // The mode given at creation is narrowed by the umask only; make it exactly 0600.
    chmodSync(temporary, 0o600);
    renameSync(temporary, this.file);
  }
}
