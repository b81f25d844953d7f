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

/** What locates the user-level files: the platform, and what the environment or the editor says. */
export interface UserPlaces extends PlatformInfo {
  /** `$COPILOT_HOME`, where the Copilot CLI (and VS Code's Copilot harness) keep `mcp-config.json`. */
  copilotHome?: string;
  /** The editor's own user-data `User` folder (the extension knows it); else VS Code's default for the platform. */
  vscodeUser?: string;
}

/** Where desktop apps keep their settings: `~/Library/Application Support`, `%APPDATA%`, `~/.config`. */
function appSettingsDir(info: PlatformInfo): string | undefined {
  switch (info.platform) {
    case 'darwin':
      return path.posix.join(info.home, 'Library', 'Application Support');
    case 'win32':
      return info.appData;
    default:
      return path.posix.join(info.home, '.config');
  }
}

function joinFor(info: PlatformInfo): (...parts: string[]) => string {
  return info.platform === 'win32' ? path.win32.join : path.posix.join;
}

/** Where Claude Desktop keeps `claude_desktop_config.json` on each platform. */
export function claudeDesktopConfigPath(info: PlatformInfo): string | undefined {
  const dir = appSettingsDir(info);
  return dir && joinFor(info)(dir, 'Claude', 'claude_desktop_config.json');
}

/** VS Code's default user-data `User` folder (stable build), which holds the profile's `mcp.json`. */
export function vscodeUserDir(info: PlatformInfo): string | undefined {
  const dir = appSettingsDir(info);
  return dir && joinFor(info)(dir, 'Code', 'User');
}

/**
 * The user-level files the hosts document reading, each in its own format:
 * VS Code's profile `mcp.json` (`servers`, with `inputs`); the Copilot CLI's
 * `$COPILOT_HOME/mcp-config.json`, falling back to `~/.copilot/mcp-config.json` (`mcpServers`);
 * Claude Code's `~/.claude.json`, whose top-level `mcpServers` are its user scope and
 * `projects[<folder>].mcpServers` its local scope for that folder; Cursor's `~/.cursor/mcp.json`.
 */
export function userConfigFiles(info: UserPlaces, workspaceFolders: readonly string[]): ConfigFile[] {
  const join = joinFor(info);
  const files: ConfigFile[] = [];
  const vscodeUser = info.vscodeUser ?? vscodeUserDir(info);
  if (vscodeUser) files.push({ kind: 'vscode', path: join(vscodeUser, 'mcp.json'), label: 'VS Code, user' });
  files.push({ kind: 'mcp', path: join(info.copilotHome || join(info.home, '.copilot'), 'mcp-config.json'), label: 'Copilot CLI, user' });
  const claudeCode = join(info.home, '.claude.json');
  files.push({ kind: 'mcp', path: claudeCode, label: 'Claude Code, user' });
  for (const folder of workspaceFolders) {
    files.push({
      kind: 'mcp',
      path: claudeCode,
      within: ['projects', folder],
      workspaceFolder: folder,
      label: 'Claude Code, this project',
    });
  }
  files.push({ kind: 'cursor', path: join(info.home, '.cursor', 'mcp.json'), label: 'Cursor, user' });
  return files;
}

export function configFilesFor(
  workspaceFolders: readonly string[],
  claudeDesktop: PlatformInfo | undefined,
  user?: UserPlaces,
): ConfigFile[] {
  const files: ConfigFile[] = [];
  for (const folder of workspaceFolders) {
    for (const { kind, relativePath } of WORKSPACE_CONFIGS) {
      files.push({ kind, path: path.join(folder, ...relativePath.split('/')), workspaceFolder: folder });
    }
  }
  if (user) files.push(...userConfigFiles(user, workspaceFolders));
  const claude = claudeDesktop && claudeDesktopConfigPath(claudeDesktop);
  if (claude) files.push({ kind: 'claude', path: claude });
  return files;
}

export function displayName(file: ConfigFile): string {
  if (file.label) return `${path.basename(file.path)} (${file.label})`;
  if (file.kind === 'claude') return 'Claude Desktop config';
  const relative = WORKSPACE_CONFIGS.find((c) => c.kind === file.kind)?.relativePath;
  return relative ?? path.basename(file.path);
}
