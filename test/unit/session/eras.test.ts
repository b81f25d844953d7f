import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { McpClient, InvalidResultError, ProtocolError } from '../../../src/core/session/client';
import type { TraceEvent } from '../../../src/core/trace/event';
import { fixture, ROOT } from '../transport/helpers';

/** The trace as a person reads it: direction, kind and method (or id for responses). */
function flow(events: readonly TraceEvent[]): string[] {
  return events.map((e) => {
    const m = e.msg as { method?: string; id?: unknown; error?: { code: number } } | undefined;
    const what = m?.method ?? (m?.error ? `error ${m.error.code}` : m ? `id ${String(m.id)}` : '');
    return `${e.dir} ${e.kind}${what ? ` ${what}` : ''}`;
  });
}

const PV = 'io.modelcontextprotocol/protocolVersion';

test('a legacy server: the probe gets -32601, then initialize and notifications/initialized', async (t) => {
  const client = new McpClient(fixture('legacy-basic.mjs'));
  t.after(() => client.close());
  const info = await client.connect();
  assert.deepEqual(info, {
    era: 'legacy',
    protocolVersion: '2025-11-25',
    capabilities: { tools: {} },
    serverInfo: { name: 'legacy-basic', version: '1.0.0' },
    instructions: 'A hand-written legacy server.',
  });
  assert.deepEqual(flow(client.trace.events), [
    'meta spawned',
    'c2s request server/discover',
    's2c response error -32601',
    'meta era',
    'c2s request initialize',
    's2c response id 2',
    'c2s notification notifications/initialized',
  ]);
  const era = client.trace.events.find((e) => e.kind === 'era')!;
  assert.equal(era.info?.era, 'legacy');
  assert.match(String(era.info?.reason), /-32601/);
  const tools = await client.listAll('tools/list');
  assert.ok(tools.some((tool) => tool.name === 'echo'));
  assert.deepEqual(await client.callTool('echo', { text: 'hi' }), { content: [{ type: 'text', text: 'hi' }] });
  // A tool that ran and failed is a result for the model, not a protocol error.
  assert.equal((await client.callTool('fail', {})).isError, true);
  const initialize = client.trace.events.find((e) => (e.msg as { method?: string })?.method === 'initialize')!;
  assert.equal((initialize.msg as unknown as { params: { protocolVersion: string } }).params.protocolVersion, '2025-11-25');
});

test('a modern server: DiscoverResult, then _meta on every request', async (t) => {
  const client = new McpClient(fixture('modern-basic.mjs'));
  t.after(() => client.close());
  const info = await client.connect();
  assert.deepEqual(info, {
    era: 'modern',
    protocolVersion: '2026-07-28',
    capabilities: { tools: { listChanged: false } },
    serverInfo: { name: 'modern-basic', version: '2.0.0' },
    instructions: 'A hand-written modern server.',
  });
  assert.deepEqual((await client.callTool('echo', { text: 'x' })).content, [{ type: 'text', text: 'modern:x' }]);
  assert.equal((await client.listAll('tools/list')).length, 1);
  const requests = client.trace.events.filter((e) => e.dir === 'c2s' && e.kind === 'request');
  assert.deepEqual(requests.map((e) => (e.msg as { method: string }).method), ['server/discover', 'tools/call', 'tools/list']);
  for (const r of requests) {
    const meta = (r.msg as unknown as { params: { _meta: Record<string, unknown> } }).params._meta;
    assert.equal(meta[PV], '2026-07-28');
    assert.deepEqual(meta['io.modelcontextprotocol/clientCapabilities'], { extensions: { 'io.modelcontextprotocol/skills': {} } });
    assert.deepEqual(meta['io.modelcontextprotocol/clientInfo'], { name: 'mcp-lens', version: '0.1.0' });
  }
  assert.equal(client.trace.events.find((e) => e.kind === 'era')!.info?.era, 'modern');
  assert.ok(!client.trace.events.some((e) => (e.msg as { method?: string })?.method === 'initialize'));
  await assert.rejects(client.callTool('odd-result-type', {}), (err: unknown) => err instanceof InvalidResultError && /something_new/.test(err.message));
});

test('-32022 with data.supported is retried with a supported version, without initialize', async (t) => {
  const client = new McpClient(fixture('modern-basic.mjs'), { modernVersions: ['2099-01-01', '2026-07-28'] });
  t.after(() => client.close());
  const info = await client.connect();
  assert.equal(info.era, 'modern');
  assert.equal(info.protocolVersion, '2026-07-28');
  assert.deepEqual(flow(client.trace.events).slice(1, 5), [
    'c2s request server/discover',
    's2c response error -32022',
    'c2s request server/discover',
    's2c response id 2',
  ]);
  assert.match(String(client.trace.events.find((e) => e.kind === 'era')!.info?.reason), /-32022/);
});

test('-32022 naming only legacy versions leads to initialize with one of them', async (t) => {
  const client = new McpClient({ ...fixture('modern-basic.mjs'), env: { MODERN_BASIC_SUPPORTED: '2025-06-18' } });
  t.after(() => client.close());
  const info = await client.connect();
  assert.equal(info.era, 'legacy');
  assert.equal(info.protocolVersion, '2025-06-18');
  const init = client.trace.events.find((e) => (e.msg as { method?: string })?.method === 'initialize')!;
  assert.equal((init.msg as unknown as { params: { protocolVersion: string } }).params.protocolVersion, '2025-06-18');
});

test('-32022 naming no version in common fails connect() and says which versions each side speaks', async (t) => {
  const client = new McpClient({ ...fixture('modern-basic.mjs'), env: { MODERN_BASIC_SUPPORTED: '2030-01-01' } });
  t.after(() => client.close());
  await assert.rejects(client.connect(), (err: unknown) => {
    assert.ok(err instanceof ProtocolError);
    assert.equal(err.code, -32022);
    assert.match(err.message, /server supports 2030-01-01; MCP Lens speaks 2026-07-28, 2025-11-25/);
    return true;
  });
});

test('a legacy server that never answers the probe: fallback to initialize after the probe timeout', async (t) => {
  // It writes nothing at all, so the probe waits its whole budget (probeMaxWaitMs).
  const client = new McpClient(fixture('legacy-silent-on-unknown.mjs'), { probeTimeoutMs: 300, probeMaxWaitMs: 300 });
  t.after(() => client.close());
  const info = await client.connect();
  assert.equal(info.era, 'legacy');
  assert.equal(info.protocolVersion, '2025-06-18');
  const era = client.trace.events.find((e) => e.kind === 'era')!;
  assert.match(String(era.info?.reason), /no response within \d+ ms/);
  // The probe's timeout is an event (so nothing shows it pending), but an answer, not a
  // fault: no cancellation is sent (a legacy server would see it before initialize).
  const timeout = client.trace.events.find((e) => e.kind === 'timeout');
  assert.equal(timeout?.info?.method, 'server/discover');
  assert.ok(timeout!.seq < era.seq);
  assert.ok(!client.trace.events.some((e) => (e.msg as { method?: string })?.method === 'notifications/cancelled'));
  assert.deepEqual((await client.listAll('tools/list')).map((tool) => tool.name), ['noop']);
});

test('the official v1 SDK server is legacy', async (t) => {
  const client = new McpClient(fixture('sdk-v1-server.mjs'));
  t.after(() => client.close());
  const info = await client.connect();
  assert.equal(info.era, 'legacy');
  assert.equal(info.protocolVersion, '2025-11-25');
  assert.deepEqual(info.serverInfo, { name: 'sdk-v1-server', version: '1.0.0' });
  const progress: number[] = [];
  const result = await client.callTool('count', { n: 3 }, { onProgress: (p) => progress.push(p.progress) });
  assert.deepEqual(result.content, [{ type: 'text', text: 'counted to 3' }]);
  assert.deepEqual(progress, [1, 2, 3]);
});

test('the official v2 SDK server answers server/discover and is modern', async (t) => {
  const client = new McpClient(fixture('sdk-v2-server.mjs'));
  t.after(() => client.close());
  const info = await client.connect();
  assert.equal(info.era, 'modern');
  assert.equal(info.protocolVersion, '2026-07-28');
  assert.deepEqual(info.serverInfo, { name: 'sdk-v2-server', version: '2.0.0' });
  assert.ok('tools' in info.capabilities);
  assert.deepEqual((await client.listAll('tools/list')).map((tool) => tool.name), ['echo', 'count']);
  const progress: number[] = [];
  const result = await client.callTool('count', { n: 2 }, { onProgress: (p) => progress.push(p.progress) });
  assert.deepEqual(result.content, [{ type: 'text', text: 'counted to 2' }]);
  assert.equal(result.resultType, 'complete');
  assert.deepEqual(progress, [1, 2]);
  assert.deepEqual((await client.callTool('echo', { text: 'y' })).content, [{ type: 'text', text: 'v2:y' }]);
});

test('@modelcontextprotocol/server-everything over stdio', async (t) => {
  const client = new McpClient({ command: path.join(ROOT, 'node_modules/.bin/mcp-server-everything'), args: ['stdio'] });
  t.after(() => client.close());
  const info = await client.connect();
  assert.equal(info.era, 'legacy');
  assert.equal(info.serverInfo?.name, 'mcp-servers/everything');
  const tools = await client.listAll('tools/list');
  assert.ok(tools.length > 5);
  assert.ok(tools.some((tool) => tool.name === 'echo'));
  assert.deepEqual((await client.callTool('echo', { message: 'hello' })).content, [{ type: 'text', text: 'Echo: hello' }]);
  assert.ok((await client.listAll('resources/list')).length > 0);
  assert.ok((await client.listAll('prompts/list')).length > 0);
});
