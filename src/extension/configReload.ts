/**
 * A reload of the servers' config files: reading every config the settings name, carrying the
 * entries of servers that are still there over to the new list (so a running one keeps its
 * connection, marked changed when its config differs), and saying in the log what was read.
 */
import * as os from 'node:os';
import { loadConfigs, type LoadedConfig } from '../core/config/load';
import type { Log } from './log';
import { ServerEntry } from './serverEntry';
import type { Settings } from './settings';

/** Reads the workspace's config files, and the Claude Desktop and user configs where the settings ask for them. */
export function readServerConfigs(settings: Settings, workspaceFolders: string[], vscodeUser: string | undefined): Promise<LoadedConfig> {
  return loadConfigs({
    workspaceFolders,
    claudeDesktop: settings.claudeDesktopConfig
      ? { platform: process.platform, home: os.homedir(), appData: process.env.APPDATA }
      : undefined,
    user: settings.userConfigs
      ? { platform: process.platform, home: os.homedir(), appData: process.env.APPDATA, copilotHome: process.env.COPILOT_HOME, vscodeUser }
      : undefined,
  });
}

/** The entries after a reload (existing ones kept, by key), and the running ones whose server is gone from every config. */
export function mergeReloaded(
  entries: ReadonlyMap<string, ServerEntry>,
  loaded: LoadedConfig,
): { next: Map<string, ServerEntry>; removed: ServerEntry[] } {
  const next = new Map<string, ServerEntry>();
  for (const config of loaded.servers) {
    const existing = entries.get(config.key);
    if (!existing) {
      next.set(config.key, new ServerEntry(config));
      continue;
    }
    if (existing.isActive && JSON.stringify(existing.config) !== JSON.stringify(config)) existing.configChanged = true;
    existing.config = config;
    next.set(config.key, existing);
  }
  const removed = [...entries].filter(([key, entry]) => !next.has(key) && entry.client).map(([, entry]) => entry);
  return { next, removed };
}

/** One line for what was read, and one warning per config problem (where it is, then what). */
export function logConfigsRead(log: Log, loaded: LoadedConfig): void {
  log.info(`Read ${loaded.found.length} config file(s): ${loaded.servers.length} server(s), ${loaded.problems.length} problem(s)`);
  for (const p of loaded.problems) {
    const where = [p.line ? `${p.file}:${p.line}` : p.file, p.server && `server "${p.server}"`, p.field && `field "${p.field}"`]
      .filter(Boolean)
      .join(', ');
    log.warn(`Config ${p.severity}: ${where}: ${p.message}`);
  }
}
