// The three clients every workload compares, over the same server:
//   ours  — McpClient from src/core (bundled by run.mjs into dist/bench/core.cjs)
//   peer  — the official SDK v1 Client over StdioClientTransport
//   limit — RawClient: pre-serialised lines, newline scanning only
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SERVER = [process.execPath, [`${ROOT}bench/servers/fast-server.mjs`]];
export const core = createRequire(import.meta.url)(`${ROOT}dist/bench/core.cjs`);

export async function ours(command = SERVER[0], args = SERVER[1]) {
  const client = new core.McpClient({ command, args }, { requestTimeoutMs: 120_000 });
  await client.connect();
  return client;
}

export async function peer(command = SERVER[0], args = SERVER[1]) {
  const client = new Client({ name: 'bench-peer', version: '1.0.0' });
  // The SDK refuses lines over 10 MiB by default ("ReadBuffer exceeded maximum size") and
  // closes the connection; give it our cap (64 MiB) so the 20 MB workload can compare.
  await client.connect(new StdioClientTransport({ command, args, stderr: 'inherit', maxBufferSize: 64 * 1024 * 1024 }));
  return client;
}

/** Prints the workload's result for run.mjs (one JSON line on stdout) and exits. */
export function report(result) {
  process.stdout.write(JSON.stringify(result) + '\n');
  process.exit(0);
}
