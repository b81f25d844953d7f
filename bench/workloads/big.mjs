// One 20 MB tool result: milliseconds from sending the call to holding the parsed result.
import { RawClient } from '../lib/rawClient.mjs';
import { ours, peer, report, SERVER } from '../lib/clients.mjs';
import { median } from '../lib/stats.mjs';

const BYTES = 20 * 1024 * 1024;
// The SDK's read buffer concatenates every chunk (quadratic): one round of it is plenty.
const ROUNDS = process.argv[2] === 'peer' ? 1 : 2;
const variant = process.argv[2];

async function rounds(once) {
  const times = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    const result = await once();
    times.push(performance.now() - t0);
    if (result.content[0].text.length !== BYTES) throw new Error('short result');
  }
  return { ms: median(times) };
}

if (variant === 'ours') {
  const client = await ours();
  report(await rounds(() => client.callTool('big', { bytes: BYTES })));
} else if (variant === 'peer') {
  const client = await peer();
  report(await rounds(() => client.callTool({ name: 'big', arguments: { bytes: BYTES } })));
} else {
  const raw = new RawClient(...SERVER);
  await raw.handshake();
  let chunks = [];
  raw.child.stdout.on('data', (c) => chunks.push(c));
  report(
    await rounds(async () => {
      chunks = [];
      const done = raw.expect(1);
      raw.write(`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"big","arguments":{"bytes":${BYTES}}}}\n`);
      await done;
      return JSON.parse(Buffer.concat(chunks).toString('utf8')).result;
    }),
  );
}
