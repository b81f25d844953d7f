// Issue 17, "Activation and first tools": from the user's Start to the server's tools listed,
// once, in a fresh process (as the first Start after activation). `node startup.mjs ours|peer|limit`
//   ours  — what ServerRegistry.start does for a stdio server, minus the editor: the launch
//           resolved from its config, a LiveSession (windowed trace spilling to a file, secrets
//           masked, the diagnostics engine live), the stray-stdout preload, McpClient's dual-era
//           connect (server/discover probe, then initialize), the list_changed stream, tools/list
//   peer  — the official SDK v1 client: connect (spawn + initialize) and listTools
//   limit — RawClient: spawn, initialize, notifications/initialized, tools/list
// Every variant has loaded its code before the clock starts: module loading belongs to activation.
// Ours has also had the diagnostics' first run, as the extension has it a second after activation
// (idleWarmup.ts); the Start that comes sooner runs them while its server boots.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { RawClient } from '../lib/rawClient.mjs';
import { peer, report, ROOT, SERVER } from '../lib/clients.mjs';

// The server's environment is the same for the three: the SDK passes only a few variables
// (HOME, PATH, …), and NODE_EXTRA_CA_CERTS alone makes a Node server read a CA bundle as it
// boots (about 80 ms of CPU here), which would bill the others for the machine's setup.
delete process.env.NODE_EXTRA_CA_CERTS;
const variant = process.argv[2];
const host = variant === 'ours' ? createRequire(import.meta.url)(`${ROOT}dist/bench/host.cjs`) : undefined;
const TOOLS = 3;

/** A server as the config loader gives it to ServerRegistry.start (a workspace .vscode/mcp.json entry). */
const config = {
  type: 'stdio',
  key: `${ROOT}.vscode/mcp.json#bench`,
  name: 'bench',
  file: { kind: 'vscode', path: `${ROOT}.vscode/mcp.json`, workspaceFolder: ROOT },
  inputs: [],
  command: SERVER[0],
  args: SERVER[1],
  env: { BENCH_API_KEY: 'sk-bench-secret-token' },
};

/** ServerRegistry.start, from the Start click to the tools in the view. */
async function ours(dir) {
  const resolved = await host.resolveServer(config, { userHome: homedir(), env: process.env, resolveInput: async () => undefined });
  if (!resolved.ok) throw new Error(JSON.stringify(resolved.problems));
  const { name, command, args, cwd, env } = resolved.server;
  const spec = { name, command, args, cwd, env };
  const secrets = host.collectSecrets(resolved.server.secrets, env);
  // Sessions.begin: the run's trace file, the live diagnostics, the preload.
  const { trace, spill } = host.createSessionTrace(dir, name);
  const session = new host.LiveSession(config.key, name, secrets, { trace });
  spill.mask = host.traceRedactor(session);
  const preload = host.preparePreload(spec, true, (message) => console.error(message));
  preload.attach(trace);
  const refuse = () => Promise.reject(new Error('not in the bench'));
  const client = new host.McpClient(spec, {
    trace,
    transport: preload.transport,
    requestTimeoutMs: 30_000,
    roots: [{ uri: `file://${ROOT}`, name: 'workspace' }],
    elicit: refuse,
    elicitUrl: true,
    sample: refuse,
  });
  await client.connect();
  host.ListChangeStream.start(client, () => undefined);
  const tools = await client.listAll('tools/list');
  return { tools: tools.length, close: () => client.close().then(() => preload.finish()).then(() => session.end()) };
}

async function timed(start) {
  const t0 = performance.now();
  const { tools, close } = await start();
  const ms = performance.now() - t0;
  if (tools !== TOOLS) throw new Error(`listed ${tools} tools, not ${TOOLS}`);
  await close();
  return { ms };
}

if (variant === 'ours') {
  host.warmDiagnostics();
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-startup-'));
  const result = await timed(() => ours(dir));
  rmSync(dir, { recursive: true, force: true });
  report(result);
} else if (variant === 'peer') {
  report(
    await timed(async () => {
      const client = await peer();
      const { tools } = await client.listTools();
      return { tools: tools.length, close: () => client.close() };
    }),
  );
} else {
  report(
    await timed(async () => {
      const raw = new RawClient(...SERVER);
      await raw.handshake();
      const listed = raw.expect(1);
      raw.write('{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n');
      await listed;
      // The raw client counts lines only: the tools are the server's fixed three.
      return { tools: TOOLS, close: () => raw.close() };
    }),
  );
}
