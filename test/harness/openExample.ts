// The README's main job: MCP Lens, installed from its VSIX, in a real VS Code (code-server in
// the browser) opened on the bundled example workspace. Runs until Ctrl-C, then stops
// code-server and every server the extension started.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { onAbort, runCleanups } from './cleanup';
import { startCodeServer } from './codeServer';
import { exampleBanner, exampleServers } from './exampleBanner';
import { root } from './paths';

const vsix = join(root, 'dist', 'mcp-lens.vsix');
const workspace = join(root, 'examples', 'workspace');

async function main(): Promise<void> {
  if (!existsSync(vsix)) throw new Error(`${vsix} is missing: run \`npm run package\` first`);
  const started = Date.now();
  // Registered first, so it runs last: after code-server's group and the servers are gone.
  onAbort(async () => console.error('[example] stopped: VS Code and every server it started have exited.'));
  console.log('[example] installing dist/mcp-lens.vsix into a fresh code-server and starting it…');
  const server = await startCodeServer({ name: 'example', folder: workspace, vsix: [vsix], port: Number(process.env.MCP_LENS_PORT) || undefined });
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(exampleBanner({ url: server.workbenchUrl(workspace), logFile: server.logFile, servers: exampleServers(workspace), seconds }));
  // Keeps the process alive until a signal; cleanup.ts stops code-server's whole group.
  await new Promise<never>(() => setInterval(() => undefined, 1 << 30));
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await runCleanups();
  process.exit(1);
});
