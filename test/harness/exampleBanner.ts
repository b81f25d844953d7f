// What `npm run example` tells a person once VS Code is up: which servers to try (read from
// the example's own mcp.json, so a server added there is never missing here), and, as the very
// last line, where to open it and how to stop it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'jsonc-parser';

/** One line per example server: what a first-time user should expect of it. */
const ROLES: Record<string, string> = {
  weather: 'well-behaved',
  chatty: 'misbehaves on purpose: see its diagnostics',
  notes: 'written with the official TypeScript SDK',
};

/** The server names `.vscode/mcp.json` of `workspace` configures, in file order. */
export function exampleServers(workspace: string): string[] {
  const config = parse(readFileSync(join(workspace, '.vscode', 'mcp.json'), 'utf8')) as { servers?: Record<string, unknown> };
  return Object.keys(config.servers ?? {});
}

export function exampleBanner(options: { url: string; logFile: string; servers: string[]; seconds: number }): string {
  const servers = options.servers.map((name) => `      ${name}${ROLES[name] ? ` (${ROLES[name]})` : ''}`);
  return [
    '',
    `MCP Lens is running in VS Code (code-server) on the example workspace, ready in ${options.seconds} s.`,
    'Open the URL below in a browser on this machine (or forward the port), then:',
    `  • click the MCP Lens icon in the activity bar: the Servers view lists the ${options.servers.length} servers`,
    '    of examples/workspace/.vscode/mcp.json; ▶ on a row starts it and lists its tools:',
    ...servers,
    '  • open a server\'s source (servers/<name>/server.mjs): "▶ Run tool" over each tool opens its form;',
    '  • F1 → "MCP Lens: …" for every command;',
    `  • code-server's log: ${options.logFile}`,
    '',
    `Open ${options.url}  ·  Ctrl-C stops VS Code and every server it started.`,
  ].join('\n');
}
