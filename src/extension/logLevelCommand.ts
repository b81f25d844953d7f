import * as vscode from 'vscode';
import { isLogLevel, LOG_LEVELS, offersLogging, type LogLevel } from '../core/session/logLevel';
import { chooseServer } from './chooseServer';
import type { ServerRegistry } from './serverRegistry';
import { pickOne, say, showError, showInfo, showStatus } from './shown';

export const SET_LOG_LEVEL = 'mcpLens.setLogLevel';

/**
 * Set Log Level…: on a running server that declares `logging`, which notifications/message
 * levels it sends (2025-era `logging/setLevel`; in 2026-07-28 the level rides on each request's
 * `_meta`). Returns the level set, or undefined.
 */
export function registerLogLevelCommand(registry: ServerRegistry): vscode.Disposable {
  return vscode.commands.registerCommand(
    SET_LOG_LEVEL,
    async (arg?: string | { key: string }, given?: string): Promise<LogLevel | undefined> => {
      const key = typeof arg === 'string' ? arg : arg?.key;
      const logs = (s: { client?: unknown; info?: { capabilities: Record<string, unknown> } }) =>
        s.client !== undefined && offersLogging(s.info?.capabilities);
      const entry =
        key !== undefined
          ? registry.get(key)
          : await chooseServer(
              registry.servers.filter(logs),
              say`Set the log level of which server?`,
              say`MCP Lens: no running server declares logging.`,
            );
      if (!entry?.client) return undefined;
      if (!offersLogging(entry.info?.capabilities)) {
        void showInfo(say`MCP Lens: "${entry.name}" does not declare the logging capability.`);
        return undefined;
      }
      const current = entry.client.currentLogLevel;
      const level =
        given ??
        (await pickOne(
          LOG_LEVELS.map((l) => ({ label: say`${l}${l === current ? ' (now)' : ''}`, value: l })),
          { placeHolder: say`Log messages from which level up should "${entry.name}" send?` },
        ));
      if (!isLogLevel(level)) return undefined;
      try {
        await entry.client.setLogLevel(level);
      } catch (error) {
        void showError(
          say`MCP Lens: logging/setLevel on "${entry.name}" failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        return undefined;
      }
      showStatus(
        say`MCP Lens: "${entry.name}" logs from ${level} up${entry.info?.era === 'modern' ? " (sent in each request's _meta)" : ''}`,
        5000,
      );
      return level;
    },
  );
}
