import * as vscode from 'vscode';
import { DPOP_MODES, type DpopMode } from '../core/auth/dpop';

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
  /** `mcpLens.auth.dpop`: DPoP-bound tokens (RFC 9449) auto, always or never. */
  dpop: DpopMode;
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
    dpop: dpopSetting(config.get<string>('auth.dpop', 'auto')),
  };
}

/** A value the schema does not allow (hand-edited settings.json) is the default. */
function dpopSetting(value: string): DpopMode {
  return (DPOP_MODES as readonly string[]).includes(value) ? (value as DpopMode) : 'auto';
}
