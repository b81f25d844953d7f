// The longest event-loop stall of an extension host while one 50 MB tool result arrives,
// is traced (windowed trace spilling to a file, secrets masked), diagnosed, shown in the
// Messages view (a refresh and the expanded row) and exported. `node stall.mjs ours|peer|limit`
//   ours  — McpClient recording into a LiveSession as the extension sets it up
//   peer  — the official SDK v1 client (no trace, no view)
//   limit — a raw client that collects the bytes and JSON.parses the line once
// Measured with perf_hooks.monitorEventLoopDelay (1 ms resolution): its max is the stall.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { bigArguments, peerBig, rawBigCaller } from '../lib/bigResult.mjs';
import { peer, report, ROOT, SERVER } from '../lib/clients.mjs';

const BYTES = 50 * 1024 * 1024;
const variant = process.argv[2];
const host = variant === 'ours' ? createRequire(import.meta.url)(`${ROOT}dist/bench/host.cjs`) : undefined;

/**
 * CPU time of the host's own thread (Node ≥ 23.9): a worker parsing meanwhile does not stall
 * the host. Older Nodes only know the whole process's.
 */
const threadCpu = process.threadCpuUsage ? (since) => process.threadCpuUsage(since) : (since) => process.cpuUsage(since);

/**
 * Runs `work` under an event-loop delay monitor; resolves to the longest stall in ms, and the
 * most CPU time the host's thread spent between two turns of the loop (on a loaded machine a
 * stall's wall time is its CPU time stretched by the wait for a core).
 */
async function longestStall(work) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  // A timer keeps the loop turning, so a stall shows as one late tick.
  let cpu = threadCpu();
  let stallCpu = 0;
  const tick = setInterval(() => {
    const used = threadCpu(cpu);
    stallCpu = Math.max(stallCpu, (used.user + used.system) / 1000);
    cpu = threadCpu();
  }, 1);
  delay.enable();
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  // A stall at the very end is recorded by the next tick only: let the ticks come first.
  await new Promise((resolve) => setTimeout(resolve, 20));
  delay.disable();
  clearInterval(tick);
  return { stall: delay.max / 1e6, stallCpu, ms };
}

if (variant === 'ours') {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-stall-'));
  const { trace, spill } = host.createSessionTrace(dir, 'bench');
  const session = new host.LiveSession('bench', 'bench', { values: ['sk-bench-secret-token'] }, { trace });
  spill.mask = host.traceRedactor(session);
  const client = new host.McpClient({ command: SERVER[0], args: SERVER[1] }, { trace, requestTimeoutMs: 120_000 });
  await client.connect();
  // What the Messages view does on its 250 ms timer, then a user expanding the big row.
  const refresh = () => {
    session.messages.takeChanges();
    for (const node of session.messages.visible({})) host.rowData(node);
  };
  const timer = setInterval(refresh, 250);
  const result = await longestStall(async () => {
    const r = await client.callTool('big', bigArguments(BYTES));
    if (r.content[0].text.length !== BYTES) throw new Error('short result');
    refresh();
    const last = session.messages.nodes[session.messages.nodes.length - 1];
    host.messageParts(last);
    await host.exportTrace(session, join(dir, 'export.mcptrace.jsonl'));
  });
  clearInterval(timer);
  await client.close();
  rmSync(dir, { recursive: true, force: true });
  report(result);
} else if (variant === 'peer') {
  const client = await peer();
  report(await longestStall(() => peerBig(client, BYTES)));
} else {
  const call = await rawBigCaller(BYTES);
  report(await longestStall(call));
}
