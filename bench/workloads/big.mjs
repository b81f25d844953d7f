// One 20 MB tool result: milliseconds from sending the call to holding the parsed result.
import { bigArguments, peerBig, rawBigCaller } from '../lib/bigResult.mjs';
import { ours, peer, report } from '../lib/clients.mjs';
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
  report(await rounds(() => client.callTool('big', bigArguments(BYTES))));
} else if (variant === 'peer') {
  const client = await peer();
  report(await rounds(() => peerBig(client, BYTES)));
} else {
  report(await rounds(await rawBigCaller(BYTES)));
}
