import * as path from 'node:path';
import type { ConfigFile, ConfigKind } from './types';

/** The workspace-relative config files, in the order their servers are listed. */
export const WORKSPACE_CONFIGS: readonly { kind: ConfigKind; relativePath: string }[] = [
  { kind: 'vscode', relativePath: '.vscode/mcp.json' },
  { kind: 'mcp', relativePath: '.mcp.json' },
  { kind: 'cursor', relativePath: '.cursor/mcp.json' },
];

/** Where Add Server writes: the portable workspace-root file (`mcpServers`), as VS Code does now. */
export const ADD_SERVER_CONFIG = WORKSPACE_CONFIGS[1];

export interface PlatformInfo {
  platform: NodeJS.Platform;
  home: string;
  /** %APPDATA% on Windows. */
  appData?: string;
}

/** Where Claude Desktop keeps `claude_desktop_config.json` on each platform. */
export function claudeDesktopConfigPath(info: PlatformInfo): string | undefined {
  const join = info.platform === 'win32' ? path.win32.join : path.posix.join;
  switch (info.platform) {
    case 'darwin':
      return join(info.home, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json');
    case 'win32':
      return info.appData ? join(info.appData, 'Claude', 'claude_desktop_config.json') : undefined;
    default:
      return join(info.home, '.config', 'Claude', 'claude_desktop_config.json');
  }
}

export function configFilesFor(workspaceFolders: readonly string[], claudeDesktop: PlatformInfo | undefined): ConfigFile[] {
  const files: ConfigFile[] = [];
  for (const folder of workspaceFolders) {
    for (const { kind, relativePath } of WORKSPACE_CONFIGS) {
      files.push({ kind, path: path.join(folder, ...relativePath.split('/')), workspaceFolder: folder });
    }
  }
  const claude = claudeDesktop && claudeDesktopConfigPath(claudeDesktop);
  if (claude) files.push({ kind: 'claude', path: claude });
  return files;
}

export function displayName(file: ConfigFile): string {
  if (file.kind === 'claude') return 'Claude Desktop config';
  const relative = WORKSPACE_CONFIGS.find((c) => c.kind === file.kind)?.relativePath;
  return relative ?? path.basename(file.path);
}
