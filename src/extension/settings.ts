import * as vscode from 'vscode';
import { Disposable } from './lifecycle';
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

/**
 * `readSettings`, read again only after a change under `mcpLens`. The log reads the trace level
 * for every message a server sends: reading the configuration each time was 40 % of the extension
 * host's time in a 100 000-notification flood. Created first in `activate`, so that its listener
 * runs before any other `onDidChangeConfiguration` listener that reads the settings.
 */
export class CachedSettings extends Disposable {
  private current: Settings | undefined;

  constructor() {
    super();
    this.register(vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('mcpLens') && (this.current = undefined)));
  }

  readonly read = (): Settings => (this.current ??= readSettings());
}

/** A value the schema does not allow (hand-edited settings.json) is the default. */
function dpopSetting(value: string): DpopMode {
  return (DPOP_MODES as readonly string[]).includes(value) ? (value as DpopMode) : 'auto';
}
