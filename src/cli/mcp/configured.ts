import * as os from 'node:os';
import * as path from 'node:path';
import { AgentInputError, line } from '../../core/agent/bounds';
import { displayName, InputCancelledError, loadConfigs, resolveServer, type ServerConfig } from '../../core/config';
import type { SessionSpec } from './heldSession';

/** `${input:api-key}` is read from MCP_LENS_INPUT_API_KEY: headless, nobody can be asked. */
export const INPUT_ENV_PREFIX = 'MCP_LENS_INPUT_';

export function inputEnvName(id: string): string {
  return `${INPUT_ENV_PREFIX}${id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/**
 * The servers the folder `mcp-lens mcp` runs in configures (.vscode/mcp.json, .mcp.json,
 * .cursor/mcp.json) and those of the user-level files the hosts read (VS Code's user mcp.json,
 * the Copilot CLI's mcp-config.json, ~/.claude.json, ~/.cursor/mcp.json), found as the
 * extension finds them. Read again on every call: the agent may have just edited a config.
 */
export class ConfiguredServers {
  constructor(
    readonly folder: string,
    private readonly env: Record<string, string | undefined> = process.env,
  ) {}

  async all(): Promise<{ servers: ServerConfig[]; problems: string[] }> {
    const user = {
      platform: process.platform,
      home: this.env.HOME || os.homedir(),
      appData: this.env.APPDATA,
      copilotHome: this.env.COPILOT_HOME,
    };
    const loaded = await loadConfigs({ workspaceFolders: [this.folder], user });
    const problems = loaded.problems.map(
      (p) =>
        `${path.relative(this.folder, p.file) || p.file}${p.line ? `:${p.line}` : ''}: ${p.server ? `server "${line(p.server, 80)}": ` : ''}${line(p.message, 300)}`,
    );
    return { servers: loaded.servers, problems };
  }

  /** The command line of a configured stdio server, its variables expanded as the editor expands them. */
  async spec(name: string): Promise<SessionSpec> {
    const { servers } = await this.all();
    const config = servers.find((s) => s.name === name);
    if (!config) {
      const names = servers.map((s) => line(s.name, 80));
      throw new AgentInputError(
        `No configured server named ${JSON.stringify(line(name, 80))} in ${this.folder}${names.length ? ` (configured: ${names.join(', ')})` : ' (no .vscode/mcp.json, .mcp.json or .cursor/mcp.json there configures a server)'}. Give "command" to start a server that is not configured.`,
      );
    }
    if (config.type !== 'stdio')
      throw new AgentInputError(
        `"${name}" in ${where(config)} is a remote (${config.type}) server at ${line(config.url, 200)}; start_server runs stdio servers.`,
      );
    const missing: string[] = [];
    const resolved = await resolveServer(config, {
      userHome: os.homedir(),
      env: this.env,
      resolveInput: async (input) => {
        const value = this.env[inputEnvName(input.id)];
        if (value === undefined) missing.push(input.id);
        return value ?? '';
      },
    }).catch((error: unknown) => {
      if (error instanceof InputCancelledError) missing.push(error.inputId);
      else throw error;
      return undefined;
    });
    if (missing.length) {
      throw new AgentInputError(
        `"${name}" in ${where(config)} uses ${missing.map((id) => `\${input:${id}}`).join(', ')}, which an editor would ask for. Set ${missing.map(inputEnvName).join(', ')} in the environment mcp-lens mcp runs in.`,
      );
    }
    if (!resolved?.ok)
      throw new AgentInputError(
        `"${name}" in ${where(config)} cannot start: ${(resolved?.problems ?? []).map((p) => `${p.field ? `${p.field}: ` : ''}${line(p.message, 300)}`).join('; ')}`,
      );
    const s = resolved.server;
    // `null` in the config removes an inherited variable; the session's env is only added over it.
    const env = Object.fromEntries(Object.entries(s.env).filter((e): e is [string, string] => typeof e[1] === 'string'));
    return { command: s.command, args: s.args, cwd: s.cwd, env };
  }
}

/** The file and line a server is configured at, e.g. `.vscode/mcp.json:3`; a user-level file by its path, `/home/ada/.claude.json:12`. */
export function where(config: ServerConfig): string {
  const at = config.line ? `:${config.line}` : '';
  return config.file.label ? `${config.file.path}${at} (${config.file.label})` : `${displayName(config.file)}${at}`;
}

export function configuredText(config: ServerConfig): string {
  const how = config.type === 'stdio' ? [config.command, ...config.args].join(' ') : `${config.type} ${config.url}`;
  return `- ${line(config.name, 80)} (${line(how, 200)}) at ${where(config)}`;
}
