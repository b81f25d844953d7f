import * as vscode from 'vscode';

export type TraceLevel = 'off' | 'messages' | 'verbose';

export interface Settings {
  trace: TraceLevel;
  requestTimeoutMs: number;
  claudeDesktopConfig: boolean;
  /** `mcpLens.userConfigs.enabled`: also read the user-level files of VS Code, the Copilot CLI, Claude Code and Cursor. */
  userConfigs: boolean;
  /** `mcpLens.roots`: per server name, the directories its roots/list returns instead of the workspace folders. */
  roots: Record<string, unknown>;
  /** `mcpLens.clientProfiles`: per server name (or `*`), the host a session declares itself as. */
  clientProfiles: Record<string, unknown>;
  /** `mcpLens.probes.onStart`: run check's safe probes after each Start. */
  probeOnStart: boolean;
}

export function readSettings(): Settings {
  const config = vscode.workspace.getConfiguration('mcpLens');
  return {
    trace: config.get<TraceLevel>('trace.server', 'off'),
    requestTimeoutMs: Math.max(1000, config.get<number>('requestTimeoutMs', 30000)),
    claudeDesktopConfig: config.get<boolean>('claudeDesktopConfig.enabled', true),
    userConfigs: config.get<boolean>('userConfigs.enabled', true),
    roots: config.get<Record<string, unknown>>('roots', {}),
    clientProfiles: config.get<Record<string, unknown>>('clientProfiles', {}),
    probeOnStart: config.get<boolean>('probes.onStart', true),
  };
}
