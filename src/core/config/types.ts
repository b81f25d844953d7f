/** Which tool's config format a file is written in (DESIGN.md §6: we read, never invent). */
export type ConfigKind = 'vscode' | 'mcp' | 'cursor' | 'claude';

export interface ConfigFile {
  kind: ConfigKind;
  /** Absolute path. */
  path: string;
  /** The folder `${workspaceFolder}` means for this file; absent for the Claude Desktop config and the user-level files. */
  workspaceFolder?: string;
  /** The keys from the top of the file down to the object holding `mcpServers` (Claude Code's per-project servers in `~/.claude.json`). */
  within?: readonly string[];
  /** Whose file it is and which scope, when its path alone does not say (`Claude Code, user`): shown beside its name. */
  label?: string;
}

/** Something wrong in a config file. The file's other servers still load. */
export interface ConfigProblem {
  file: string;
  server?: string;
  /** Dotted path inside the server (`args`, `env.API_KEY`, `dev.watch`), or a top-level key. */
  field?: string;
  message: string;
  /** 1-based. */
  line?: number;
  column?: number;
  severity: 'error' | 'warning';
}

/** A `.vscode/mcp.json` input: asked for when a server that uses `${input:id}` starts. */
export interface InputDefinition {
  id: string;
  type: 'promptString' | 'pickString';
  description?: string;
  password?: boolean;
  default?: string;
  options?: string[];
}

/** `.vscode/mcp.json` `dev`: restart on save and debugger attach. */
export interface DevConfig {
  watch: string[];
  debug?: { type: string };
}

interface ServerConfigBase {
  /** Unique and stable across reloads: the file path and the server name. */
  key: string;
  name: string;
  file: ConfigFile;
  line?: number;
  /** The inputs defined in the same file (only `.vscode/mcp.json` has them). */
  inputs: readonly InputDefinition[];
  dev?: DevConfig;
}

export interface StdioServerConfig extends ServerConfigBase {
  type: 'stdio';
  command: string;
  args: string[];
  cwd?: string;
  /** `null` removes a variable the server would otherwise inherit. */
  env: Record<string, string | null>;
  envFile?: string;
}

/** A server at a URL: Streamable HTTP (`http`) or the HTTP+SSE transport of 2024-11-05 (`sse`). */
export interface RemoteServerConfig extends ServerConfigBase {
  type: 'http' | 'sse';
  url: string;
  headers: Record<string, string>;
}

export type ServerConfig = StdioServerConfig | RemoteServerConfig;

export interface ParsedConfig {
  servers: ServerConfig[];
  inputs: InputDefinition[];
  problems: ConfigProblem[];
}
