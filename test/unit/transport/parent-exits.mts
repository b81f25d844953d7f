// Run as a separate process by stdio.test.ts: starts a server tree, prints its pids, then
// exits without closing it. The transport's exit hook must leave no orphan behind.
import { StdioTransport } from '../../../src/core/transport/stdio';
import { Trace } from '../../../src/core/trace/trace';
import { fixture, waitForEvent } from './helpers';

const trace = new Trace();
const transport = new StdioTransport(fixture('spawns-grandchild.sh'), trace);
await transport.start();
const line = await waitForEvent(trace, (e) => e.dir === 'stderr' && e.raw.startsWith('grandchild '), 'grandchild pid');
process.stdout.write(`${transport.pid} ${line.raw.split(' ')[1]}\n`);
process.exit(0);
