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

export const CLIENT_PROFILES: readonly ClientProfile[] = [
  {
    id: 'vscode',
    name: 'VS Code (GitHub Copilot chat)',
    clientInfo: { name: 'Visual Studio Code', version: '1.109.0' },
    capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: { form: {}, url: {} }, extensions: MCP_APPS },
    sources: [CLIENT_INDEX, 'https://code.visualstudio.com/blogs/2026/01/26/mcp-apps-support', APPS_CLIENTS],
  },
  {
    id: 'claude-desktop',
    name: 'Claude (claude.ai and Claude Desktop)',
    clientInfo: { name: 'claude-ai', version: '0.1.0' },
    capabilities: { extensions: MCP_APPS },
    sources: [CLIENT_INDEX, 'https://claude.com/docs/connectors/building/mcp-apps/getting-started', APPS_CLIENTS],
  },
  {
    id: 'claude-code',
    name: 'Claude Code',
    clientInfo: { name: 'claude-code', version: '2.0.0' },
    capabilities: { roots: {} },
    sources: [CLIENT_INDEX],
  },
  {
    id: 'chatgpt',
    name: 'ChatGPT',
    clientInfo: { name: 'ChatGPT', version: '1.0.0' },
    capabilities: { extensions: MCP_APPS },
    sources: [CLIENT_INDEX, 'https://developers.openai.com/apps-sdk/mcp-apps-in-chatgpt/', APPS_CLIENTS],
  },
  {
    id: 'cursor',
    name: 'Cursor',
    clientInfo: { name: 'cursor-vscode', version: '1.0.0' },
    capabilities: { roots: {}, elicitation: {} },
    sources: [CLIENT_INDEX],
  },
  {
    id: 'gemini-cli',
    name: 'Gemini CLI',
    clientInfo: { name: 'gemini-cli-mcp-client', version: '0.1.0' },
    capabilities: {},
    sources: [CLIENT_INDEX],
  },
];

export function clientProfile(id: string): ClientProfile | undefined {
  return CLIENT_PROFILES.find((p) => p.id === id);
}
