// Bytes per stored trace event: a client records a 100 000-notification burst; the heap and
// the ArrayBuffers (a flood's lines are kept as their bytes, outside the heap: see
// StoredMessage) are measured after full collections before and after. The limit is the raw
// line alone (what keeping only the bytes would cost). Run with --expose-gc.
import { ours, report } from '../lib/clients.mjs';

const COUNT = 100_000;
const settle = () => {
  for (let i = 0; i < 3; i++) globalThis.gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

const client = await ours();
const eventsBefore = client.trace.events.length;
const before = settle();
await client.callTool('flood', { count: COUNT });
const after = settle();
const stored = client.trace.events.slice(eventsBefore);
const rawBytes = stored.reduce((sum, e) => sum + e.raw.length, 0) / stored.length;
report({ perEvent: (after - before) / stored.length, rawBytes, events: stored.length });
