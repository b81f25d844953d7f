// tools/call round trips, one at a time: rate and latency. `node roundtrip.mjs ours|peer|limit`
import { RawClient } from '../lib/rawClient.mjs';
import { ours, peer, report, SERVER } from '../lib/clients.mjs';
import { timeCalls } from '../lib/stats.mjs';

const COUNT = 4000;
// Every client gets the same warm-up: the first ~2000 calls are JIT warm-up (ours fell from
// about 95 to 18 µs of CPU per call over them, the raw client from 33 to 10), not steady state.
const WARMUP = 2000;
const variant = process.argv[2];

if (variant === 'ours') {
  const client = await ours();
  report(await timeCalls(() => client.callTool('echo', { text: 'hello' }), COUNT, WARMUP));
} else if (variant === 'peer') {
  const client = await peer();
  report(await timeCalls(() => client.callTool({ name: 'echo', arguments: { text: 'hello' } }), COUNT, WARMUP));
} else {
  const raw = new RawClient(...SERVER);
  await raw.handshake();
  const line = '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hello"}}}\n';
  report(
    await timeCalls(
      () => {
        const answered = raw.expect(1);
        raw.write(line);
        return answered;
      },
      COUNT,
      WARMUP,
    ),
  );
}
