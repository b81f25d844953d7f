// The README's main job: MCP Lens, installed from its VSIX, in a real VS Code (code-server in
// the browser) opened on the bundled example workspace. Runs until Ctrl-C, then stops
// code-server and every server the extension started.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runCleanups } from './cleanup';
import { startCodeServer } from './codeServer';
import { root } from './paths';

const vsix = join(root, 'dist', 'mcp-lens.vsix');
const workspace = join(root, 'examples', 'workspace');

async function main(): Promise<void> {
  if (!existsSync(vsix)) throw new Error(`${vsix} is missing: run \`npm run package\` first`);
  const server = await startCodeServer({ name: 'example', folder: workspace, vsix: [vsix], port: Number(process.env.MCP_LENS_PORT) || undefined });
  const url = server.workbenchUrl(workspace);
  console.log(`
MCP Lens is running in VS Code (code-server) on the example workspace:

    ${url}

Open it in a browser on this machine (or forward the port). Then:
  • the MCP Lens icon in the activity bar → Servers: "weather" (well-behaved) and
    "chatty" (misbehaves on purpose); click ▶ on a server to start it and see its tools;
  • F1 → "MCP Lens: …" for every command;
  • code-server's log: ${server.logFile}

Press Ctrl-C to stop VS Code and every server it started.`);
  // Keeps the process alive until a signal; cleanup.ts stops code-server's whole group.
  await new Promise<never>(() => setInterval(() => undefined, 1 << 30));
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await runCleanups();
  process.exit(1);
});
