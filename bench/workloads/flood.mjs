// 100 000 notifications in one burst: messages per second until the closing result.
// ours records every one in its trace and runs the diagnostics on each as it arrives.
// limit: framing + JSON.parse alone over the very same bytes, in memory.
import { RawClient } from '../lib/rawClient.mjs';
import { core, ours, peer, report, SERVER } from '../lib/clients.mjs';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { cpuMicros } from '../lib/stats.mjs';

const COUNT = 100_000;
const variant = process.argv[2];
const call = { name: 'flood', arguments: { count: COUNT } };

if (variant === 'ours') {
  const client = await ours();
  const engine = new core.DiagnosticsEngine();
  for (const e of client.trace.events) engine.feed(e);
  client.trace.onEvent((e) => engine.feed(e));
  let seen = 0;
  client.onNotification(() => seen++);
  // The era's validators compile over the turns of the event loop after the era is known: the
  // burst is measured once they are, as when they compiled at once.
  await core.warm(client.info.protocolVersion);
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  await client.callTool(call.name, call.arguments);
  const ms = performance.now() - t0;
  if (seen !== COUNT) throw new Error(`ours saw ${seen} notifications`);
  report({ rate: (COUNT / ms) * 1000, cpuUs: cpuMicros(cpu) / COUNT, events: client.trace.events.length, diagnostics: engine.all.length });
} else if (variant === 'peer') {
  const client = await peer();
  let seen = 0;
  client.setNotificationHandler(LoggingMessageNotificationSchema, () => void seen++);
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  await client.callTool(call, undefined, { timeout: 120_000 });
  const ms = performance.now() - t0;
  if (seen !== COUNT) throw new Error(`peer saw ${seen} notifications`);
  report({ rate: (COUNT / ms) * 1000, cpuUs: cpuMicros(cpu) / COUNT });
} else {
  // Capture the burst's bytes exactly as the server writes them, then time the parse alone.
  const raw = new RawClient(...SERVER);
  await raw.handshake();
  const chunks = [];
  raw.child.stdout.on('data', (c) => chunks.push(c));
  const done = raw.expect(COUNT + 1);
  raw.write(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":${JSON.stringify(call)}}\n`);
  await done;
  let best = Infinity;
  let bestCpu = Infinity;
  for (let round = 0; round < 5; round++) {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    let parsed = 0;
    let rest = Buffer.alloc(0);
    for (const chunk of chunks) {
      const buf = rest.length ? Buffer.concat([rest, chunk]) : chunk;
      let from = 0;
      for (let nl = buf.indexOf(10, from); nl !== -1; nl = buf.indexOf(10, from)) {
        JSON.parse(buf.toString('utf8', from, nl));
        parsed++;
        from = nl + 1;
      }
      rest = buf.subarray(from);
    }
    best = Math.min(best, performance.now() - t0);
    bestCpu = Math.min(bestCpu, cpuMicros(cpu));
    if (parsed !== COUNT + 1) throw new Error(`limit parsed ${parsed}`);
  }
  report({ rate: (COUNT / best) * 1000, cpuUs: bestCpu / COUNT });
}
