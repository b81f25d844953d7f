/**
 * What each host says about itself when it connects: its `clientInfo` and the client
 * capabilities it declares, extensions included. A session run under a profile sends these in
 * place of MCP Lens's own, so a server that registers tools only for some clients (an MCP Apps
 * tool for hosts that declare `io.modelcontextprotocol/ui`, a tool for one `clientInfo.name`)
 * is listed as that host sees it. One entry per host, each with the pages it comes from; the
 * one place to update when a host changes what it declares.
 */
export interface ClientProfile {
  id: string;
  name: string;
  /** The `clientInfo` the host sends. Hosts send their own release as `version`; the one here stands for any. */
  clientInfo: { name: string; version: string };
  /** The ClientCapabilities the host declares (roots, sampling, elicitation, tasks, extensions). */
  capabilities: Record<string, unknown>;
  /** Where the name and the capabilities are documented or collected. */
  sources: string[];
}

/** The MCP Apps extension as a host declares it: the key of `capabilities.extensions` and the HTML it renders. */
export const MCP_APPS_EXTENSION = 'io.modelcontextprotocol/ui';
const MCP_APPS = { [MCP_APPS_EXTENSION]: { mimeTypes: ['text/html;profile=mcp-app'] } };

/** A community index of the clientInfo names and capabilities hosts send, collected from their handshakes. */
const CLIENT_INDEX = 'https://github.com/apify/mcp-client-capabilities (src/mcp_client_capabilities/mcp-clients.json)';
const APPS_CLIENTS = 'https://github.com/modelcontextprotocol/ext-apps#supported-clients';

/**
 * One row a host: its id and name, the `clientInfo` it sends, what it declares besides MCP Apps,
 * and, for a host that renders MCP Apps, its page saying so (it then declares the extension,
 * and the ext-apps list of supported clients is a source too). Every row's names and
 * capabilities come from the client index.
 */
const HOSTS: readonly {
  id: string;
  name: string;
  clientInfo: [name: string, version: string];
  declares: Record<string, unknown>;
  appsPage?: string;
}[] = [
  {
    id: 'vscode',
    name: 'VS Code (GitHub Copilot chat)',
    clientInfo: ['Visual Studio Code', '1.109.0'],
    declares: { roots: { listChanged: true }, sampling: {}, elicitation: { form: {}, url: {} } },
    appsPage: 'https://code.visualstudio.com/blogs/2026/01/26/mcp-apps-support',
  },
  {
    id: 'claude-desktop',
    name: 'Claude (claude.ai and Claude Desktop)',
    clientInfo: ['claude-ai', '0.1.0'],
    declares: {},
    appsPage: 'https://claude.com/docs/connectors/building/mcp-apps/getting-started',
  },
  { id: 'claude-code', name: 'Claude Code', clientInfo: ['claude-code', '2.0.0'], declares: { roots: {} } },
  {
    id: 'chatgpt',
    name: 'ChatGPT',
    clientInfo: ['ChatGPT', '1.0.0'],
    declares: {},
    appsPage: 'https://developers.openai.com/apps-sdk/mcp-apps-in-chatgpt/',
  },
  { id: 'cursor', name: 'Cursor', clientInfo: ['cursor-vscode', '1.0.0'], declares: { roots: {}, elicitation: {} } },
  { id: 'gemini-cli', name: 'Gemini CLI', clientInfo: ['gemini-cli-mcp-client', '0.1.0'], declares: {} },
];

export const CLIENT_PROFILES: readonly ClientProfile[] = HOSTS.map(
  ({ id, name, clientInfo: [clientName, version], declares, appsPage }) => ({
    id,
    name,
    clientInfo: { name: clientName, version },
    capabilities: appsPage ? { ...declares, extensions: MCP_APPS } : declares,
    sources: appsPage ? [CLIENT_INDEX, appsPage, APPS_CLIENTS] : [CLIENT_INDEX],
  }),
);

export function clientProfile(id: string): ClientProfile | undefined {
  return CLIENT_PROFILES.find((p) => p.id === id);
}
