import type { ServerConfig } from '../core/config/types';
import type { McpClient, ServerInfo } from '../core/session/client';
import type { OAuthAuthorizer } from '../core/auth/authorizer';
import type { LiveSession } from './diagnostics/liveSession';
import type { ProbeOutcome } from '../core/probe/probe';
import type { Skill } from '../core/skills/schema';

export type ListKind = 'tools' | 'resources' | 'prompts';
export const LIST_KINDS: readonly ListKind[] = ['tools', 'resources', 'prompts'];
export type ListState = { items: Record<string, unknown>[] } | { error: string };
/** The MCP Skills extension's listing (SEP-2640): the valid entries and how many were not, or why it failed. */
export type SkillsState = { skills: Skill[]; invalid: number } | { error: string };

export type ServerState =
  | { kind: 'stopped' }
  | { kind: 'starting' }
  | { kind: 'running' }
  /** An HTTP server answered 401 and only a person can authorize: the Sign In command opens the browser. */
  | { kind: 'needs-sign-in'; issuer: string }
  | { kind: 'stopping' }
  /** `reason`: the stderr line that explains the exit (core exitStory), as the diagnostics' card cites it. */
  | { kind: 'crashed'; code: number | null; signal: string | null; reason?: string; stderrTail: string[] }
  | { kind: 'error'; message: string; stderrTail: string[] };

/** One configured server and what this session knows about it. */
export class ServerEntry {
  state: ServerState = { kind: 'stopped' };
  info: ServerInfo | undefined;
  lists: Partial<Record<ListKind, ListState>> = {};
  /** Undefined: the server does not declare the Skills extension (or has not been listed yet). */
  skills: SkillsState | undefined;
  /** What the probes after the latest Start did (mcpLens.probes.onStart); undefined: none ran (yet). */
  probes: ProbeOutcome[] | undefined;
  /** When the latest start began, before its process was spawned: a file written earlier is what that process read. */
  launchedAt: number | undefined;
  /** The live connection; undefined once stop() has begun, so its exit is not taken for a crash. */
  client: McpClient | undefined;
  /** The latest run's trace, live diagnostics and UI models (kept after it ends). */
  session: LiveSession | undefined;
  /** The config changed while the server ran: a restart applies it. */
  configChanged = false;
  /** Run under the debugger (mcpLens.debugServer): kept across restarts, cleared by a stop. */
  debug: { breakOnStart?: boolean } | undefined;
  /** An HTTP server's authorization flow of the latest start, and the resolved URL its grants are saved under. */
  auth: { authorizer: OAuthAuthorizer; url: string } | undefined;

  constructor(public config: ServerConfig) {}

  get key(): string {
    return this.config.key;
  }

  get name(): string {
    return this.config.name;
  }

  get isActive(): boolean {
    return this.state.kind === 'starting' || this.state.kind === 'running' || this.state.kind === 'stopping';
  }

  /** The command line (or URL) as configured, unexpanded. */
  commandLine(): string {
    const c = this.config;
    return c.type === 'stdio' ? [c.command, ...c.args].join(' ') : c.url;
  }
}

/** Display name of a listed item: tools and prompts by name, resources by name or URI. */
export function itemName(item: Record<string, unknown>): string {
  return String(item.name ?? item.uri ?? item.uriTemplate ?? '(unnamed)');
}
