// The record proxy against a bare relay (the limit), both in front of the same server:
// a flood of notifications (msgs/s) and sequential round trips (calls/s) through each.
// `node record.mjs ours|limit`
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RawClient } from '../lib/rawClient.mjs';
import { report, ROOT, SERVER } from '../lib/clients.mjs';
import { settled, timeCalls } from '../lib/stats.mjs';

const COUNT = 100_000;
const CALLS = 2000;
const [serverCommand, serverArgs] = SERVER;
const proxy =
  process.argv[2] === 'ours'
    ? [`${ROOT}dist/cli.js`, 'record', '--out', join(mkdtempSync(join(tmpdir(), 'mcp-lens-bench-')), 'bench.mcptrace.jsonl'), '--', serverCommand, ...serverArgs]
    : [`${ROOT}bench/servers/bare-relay.mjs`, serverCommand, ...serverArgs];

const raw = new RawClient(process.execPath, proxy);
await raw.handshake();
const t0 = performance.now();
const flooded = raw.expect(COUNT + 1);
raw.write(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"flood","arguments":{"count":${COUNT}}}}\n`);
await flooded;
const flood = (COUNT / (performance.now() - t0)) * 1000;
// The round trips start once the proxy is done with the flood: ours's recorder thread writes
// the flood's 100k events to the trace for about half a second after the last is relayed
// (0.46-0.57 CPU-s, measured), and round trips timed meanwhile shared the cores with that tail.
await settled(raw.child.pid);
const line = '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hello"}}}\n';
const { rate } = await timeCalls(
  () => {
    const answered = raw.expect(1);
    raw.write(line);
    return answered;
  },
  CALLS,
  300,
);
await raw.close();
report({ flood, rate });
