import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { parseTraceText } from '../../../src/core/trace/jsonl';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { alive, buildCli, CLI, NODE, ROOT } from './helpers';

const requireHere = createRequire(join(ROOT, 'package.json'));

// The hot-reload proxy with the official SDK client as the host: the server's file changes
// under a live session, and the session goes on.
const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-hot-'));
const serverFile = join(dir, 'server.mjs');
const traceFile = join(dir, 'hot.mcptrace.jsonl');

/** A legacy server on the official SDK; version 2 adds a `goodbye` tool. */
function serverSource(version: number): string {
  // The file lives outside the repository: it imports the SDK by its resolved location.
  const sdk = (path: string) => JSON.stringify(pathToFileURL(requireHere.resolve(`@modelcontextprotocol/sdk/${path}`)).href);
  return `import { McpServer } from ${sdk('server/mcp.js')};
import { StdioServerTransport } from ${sdk('server/stdio.js')};
const server = new McpServer({ name: 'hot-fixture', version: '${version}.0.0' });
server.registerTool('hello', { description: 'Says hello' }, async () => ({ content: [{ type: 'text', text: 'hello v${version}' }] }));
server.registerTool('slow', { description: 'Never answers' }, () => {
  process.stderr.write('slow started\\n');
  return new Promise(() => {});
});
${version >= 2 ? `server.registerTool('goodbye', { description: 'Says goodbye' }, async () => ({ content: [{ type: 'text', text: 'goodbye v${version}' }] }));` : ''}
await server.connect(new StdioServerTransport());
`;
}

let client: Client;
let transport: StdioClientTransport;
let stderr = '';
const listChanged: (() => void)[] = [];

before(async () => {
  await buildCli();
  writeFileSync(serverFile, serverSource(1));
  transport = new StdioClientTransport({ command: NODE, args: [CLI, 'record', '--watch', '*.mjs', '--out', traceFile, '--', NODE, serverFile], cwd: dir, stderr: 'pipe' });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  client = new Client({ name: 'host-under-test', version: '1.0.0' });
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => listChanged.splice(0).forEach((resolve) => resolve()));
  await client.connect(transport);
});

after(async () => {
  await client?.close();
});

const nextListChanged = () => new Promise<void>((resolve) => listChanged.push(resolve));
const text = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as { text: string }[]).map((c) => c.text).join('');
const toolNames = async () => (await client.listTools()).tools.map((t) => t.name).sort();

async function until(what: string, check: () => boolean): Promise<void> {
  // Polled with a generous deadline: what is asserted is that it happens, not how fast.
  for (let i = 0; i < 300 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  assert.ok(check(), `timed out waiting for ${what}`);
}

test('the proxy adds its restart tool and declares listChanged', async () => {
  assert.deepEqual(await toolNames(), ['hello', 'mcp_lens_restart_server', 'slow']);
  assert.equal(client.getServerCapabilities()?.tools?.listChanged, true);
  assert.equal(text(await client.callTool({ name: 'hello' })), 'hello v1');
});

test('a change to the server file: the in-flight call fails saying why, list_changed arrives, the new tool is callable', async () => {
  const slow = client.callTool({ name: 'slow' }).then(
    () => assert.fail('slow never answers'),
    (error: Error) => error.message,
  );
  await until('the slow call to reach the server', () => stderr.includes('slow started'));
  const changed = nextListChanged();
  writeFileSync(serverFile, serverSource(2));
  assert.match(await slow, /mcp-lens: the server restarted before answering \(tools\/call\); send the request again/);
  await changed;
  assert.deepEqual(await toolNames(), ['goodbye', 'hello', 'mcp_lens_restart_server', 'slow']);
  assert.equal(text(await client.callTool({ name: 'goodbye' })), 'goodbye v2');
  assert.equal(text(await client.callTool({ name: 'hello' })), 'hello v2');
});

test('the restart tool restarts the server and the session goes on', async () => {
  const result = await client.callTool({ name: 'mcp_lens_restart_server' });
  assert.match(text(result), /^mcp-lens: restarted \(pid \d+\); tools, prompts and resources unchanged$/);
  assert.equal(result.isError, undefined);
  assert.equal(text(await client.callTool({ name: 'hello' })), 'hello v2');
});

test('the trace shows every child, the restarts marked, the handshake replayed; closing leaves no child behind', async () => {
  const proxyPid = transport.pid!;
  await client.close();
  await until('the proxy to exit', () => !alive(proxyPid));
  const { events, problems } = parseTraceText(readFileSync(traceFile, 'utf8'));
  assert.deepEqual(problems, []);
  const spawned = events.filter((e) => e.kind === 'spawned');
  assert.deepEqual(spawned.map((e) => e.info?.child), [1, 2, 3]);
  for (const e of spawned) assert.equal(alive(Number(e.info?.pid)), false, `child ${e.info?.child} is gone`);
  assert.deepEqual(events.filter((e) => e.kind === 'exited').map((e) => e.info?.child), [1, 2, 3]);
  const restarts = events.filter((e) => e.kind === 'note' && e.info?.restart === true);
  assert.equal(restarts.length, 2);
  assert.match(restarts[0].raw, /^— restarting the server after a change to .*server\.mjs; in flight: tools\/call \(id \d+\) —$/);
  assert.match(restarts[1].raw, /^— restarting the server after the host called mcp_lens_restart_server —$/);
  // Each new child got the host's own initialize (under the proxy's id) and initialized, byte for byte, before anything else.
  const hostInitialized = events.find((e) => e.dir === 'c2s' && e.msg && 'method' in e.msg && e.msg.method === 'notifications/initialized');
  for (const start of spawned.slice(1)) {
    const sent = events.filter((e) => e.seq > start.seq && e.dir === 'c2s').slice(0, 2);
    assert.equal(sent[0].msg && 'method' in sent[0].msg ? sent[0].msg.method : undefined, 'initialize');
    assert.match(String(sent[0].msg && 'id' in sent[0].msg ? sent[0].msg.id : ''), /^mcp-lens-hot-\d+$/);
    assert.equal(sent[1].raw, hostInitialized?.raw);
  }
});
