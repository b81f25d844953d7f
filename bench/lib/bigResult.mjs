// What big.mjs and stall.mjs share: the `big` tool call of a given size, for each client.
import { RawClient } from './rawClient.mjs';
import { SERVER } from './clients.mjs';

/** The arguments of the fast server's `big` tool: one text content of `bytes` bytes. */
export const bigArguments = (bytes) => ({ bytes });

/** The SDK client's call of `big` (its default 60 s timeout is too short for its 50 MB read). */
export const peerBig = (client, bytes) => client.callTool({ name: 'big', arguments: bigArguments(bytes) }, undefined, { timeout: 120_000 });

/**
 * The limit: a raw client, handshaken, that sends one pre-serialised `big` call, collects the
 * reply's bytes and JSON.parses them once. Resolves to a function making one such call (to the result).
 */
export async function rawBigCaller(bytes) {
  const raw = new RawClient(...SERVER);
  await raw.handshake();
  let chunks = [];
  raw.child.stdout.on('data', (c) => chunks.push(c));
  const line = `${JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'big', arguments: bigArguments(bytes) } })}\n`;
  return async () => {
    chunks = [];
    const done = raw.expect(1);
    raw.write(line);
    await done;
    return JSON.parse(Buffer.concat(chunks).toString('utf8')).result;
  };
}
