import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { diagnose } from '../../../src/core/diagnose';
import { McpClient, type ListenEnd } from '../../../src/core/session/client';
import { META_SUBSCRIPTION_ID } from '../../../src/core/session/listen';
import type { TraceEvent } from '../../../src/core/trace/event';
import { parseTraceText } from '../../../src/core/trace/jsonl';
import { buildCli, CLI, FIXTURES, NODE, runCli, waitFor } from './helpers';

// The modern era is stateless: a restart has no handshake to replay, and the host's next
// request simply reaches the new server. MCP Lens's own dual-era client plays the host.
before(buildCli);

test('modern era: the restart tool restarts the server, nothing is replayed, the session goes on', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-hot-modern-'));
  const trace = join(dir, 'modern.mcptrace.jsonl');
  const host = new McpClient({ command: NODE, args: [CLI, 'record', '--watch', join(dir, 'never-written.txt'), '--out', trace, '--', NODE, `${FIXTURES}modern-basic.mjs`] }, { requestTimeoutMs: 20_000 });
  try {
    const info = await host.connect();
    assert.equal(info.era, 'modern');
    const tools = await host.listAll('tools/list');
    assert.deepEqual(tools.map((t) => t.name), ['echo', 'mcp_lens_restart_server']);
    const restarted = await host.callTool('mcp_lens_restart_server', {});
    assert.match(JSON.stringify(restarted.content), /mcp-lens: restarted \(pid \d+\); tools, prompts and resources unchanged/);
    const echoed = await host.callTool('echo', { text: 'still here' });
    assert.match(JSON.stringify(echoed.content), /still here/);
  } finally {
    await host.close();
  }
  const { events } = parseTraceText(readFileSync(trace, 'utf8'));
  const second = events.find((e) => e.kind === 'spawned' && e.info?.child === 2);
  assert.ok(second, 'a second child was started');
  const sentAfter = events.filter((e) => e.seq > second.seq && e.dir === 'c2s' && e.msg && 'method' in e.msg).map((e) => (e.msg as { method: string }).method);
  assert.ok(!sentAfter.includes('initialize') && !sentAfter.includes('server/discover'), `sent after the restart: ${sentAfter.join(', ')}`);
  assert.deepEqual(sentAfter, ['tools/list', 'tools/call']);
});

test('a watch folder that does not exist is refused before the server starts (exit 2)', async () => {
  const run = await runCli(['record', '--watch', '/nonexistent-mcp-lens-dir/src/*.ts', '--', NODE, `${FIXTURES}modern-basic.mjs`], { input: '' });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /^mcp-lens record: cannot watch \/nonexistent-mcp-lens-dir\/src\/\*\.ts: ENOENT/);
  assert.equal(run.stdout, '');
});

/**
 * A modern server the tests rewrite under the proxy: version 2 adds `greet`. It declares
 * `tools` without listChanged (so only the proxy's rewrite makes a host listen) and grants
 * only what it declares; `refuseListen` answers subscriptions/listen with -32601 (`slowly`: 3 s
 * later, saying so on stderr before and after). The tool `die` exits.
 */
function modernSource(version: number, refuseListen: boolean | 'slowly' = false): string {
  const lib = JSON.stringify(pathToFileURL(`${FIXTURES}lib-modern-server.mjs`).href);
  const tools = [{ name: 'echo', inputSchema: { type: 'object' } }, ...(version >= 2 ? [{ name: 'greet', inputSchema: { type: 'object' } }] : [])];
  return `import { modernServer, SUB } from ${lib};
const streams = new Map();
modernServer({ name: 'hot-modern', version: '${version}.0.0' }, (msg, s) => {
  switch (msg.method) {
    case 'server/discover':
      return s.done(msg.id, { supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, ttlMs: 0, cacheScope: 'public' });
    case 'tools/list':
      return s.done(msg.id, { tools: ${JSON.stringify(tools)}, ttlMs: 0, cacheScope: 'public' });
    case 'tools/call':
      if (msg.params.name === 'die') process.exit(3);
      return s.done(msg.id, { content: [{ type: 'text', text: 'v${version}' }] });
    case 'subscriptions/listen':
      if (${JSON.stringify(refuseListen)} === 'slowly') {
        s.log('refusing listen ' + JSON.stringify(msg.id));
        return setTimeout(() => {
          s.error(msg.id, -32601, 'Method not found: subscriptions/listen');
          s.log('refused listen ' + JSON.stringify(msg.id));
        }, 3000);
      }
      if (${refuseListen}) return s.error(msg.id, -32601, 'Method not found: subscriptions/listen');
      streams.set(msg.id, {});
      s.log('listen ' + JSON.stringify(msg.id));
      return s.notify('notifications/subscriptions/acknowledged', { _meta: { [SUB]: msg.id }, notifications: {} });
    default:
      return s.error(msg.id, -32601, 'Method not found: ' + msg.method);
  }
}, { streams });
`;
}

/** A modern host through `record --watch` on a server file of its own (written at version 1). */
function hostOnWatchedServer(name: string): { host: McpClient; serverFile: string; trace: string } {
  const dir = mkdtempSync(join(tmpdir(), `mcp-lens-hot-${name}-`));
  const serverFile = join(dir, 'server.mjs');
  const trace = join(dir, `${name}.mcptrace.jsonl`);
  writeFileSync(serverFile, modernSource(1));
  const host = new McpClient({ command: NODE, args: [CLI, 'record', '--watch', serverFile, '--out', trace, '--', NODE, serverFile] }, { requestTimeoutMs: 30_000 });
  return { host, serverFile, trace };
}

const messagesOf = (events: readonly TraceEvent[], method: string) => events.filter((e) => e.dir === 's2c' && e.msg && 'method' in e.msg && e.msg.method === method);
/** The subscription id a notification carries in `_meta`. */
const subscriptionOf = (e: TraceEvent) => (e.msg && 'method' in e.msg ? (e.msg.params?._meta as Record<string, unknown> | undefined)?.[META_SUBSCRIPTION_ID] : undefined);
const listChangedOn = (events: readonly TraceEvent[], id: unknown) => messagesOf(events, 'notifications/tools/list_changed').filter((e) => subscriptionOf(e) === id);
/** What the core diagnostics say of the host's own trace about notifications it never asked for. */
const unrequested = (events: readonly TraceEvent[]) => diagnose(events).filter((d) => d.rule === 'unrequested-notification' || d.rule === 'notification-before-acknowledged').map((d) => d.message);

test('modern era: list_changed reaches the host only on its listen stream, which stays open across restarts', async () => {
  const { host, serverFile, trace } = hostOnWatchedServer('listen');
  const names = async () => (await host.listAll('tools/list')).map((t) => t.name);
  const ids: number[] = [];
  try {
    const info = await host.connect();
    assert.equal(info.era, 'modern');
    // The server declares no listChanged; the proxy sends list_changed after a restart, so it says so.
    assert.deepEqual(info.capabilities.tools, { listChanged: true });
    const stream = await host.listen({ toolsListChanged: true });
    assert.equal(stream.acknowledged?.toolsListChanged, true, 'the proxy grants the list_changed it sends');
    const other = await host.listen({ toolsListChanged: true });
    ids.push(stream.id, other.id);
    const onStream: TraceEvent[] = [];
    stream.onNotification((e) => onStream.push(e));
    assert.deepEqual(await names(), ['echo', 'mcp_lens_restart_server']);

    writeFileSync(serverFile, modernSource(2));
    await waitFor(() => onStream.length === 1, 'list_changed on the stream after the first restart', 60_000);
    assert.equal(subscriptionOf(onStream[0]), stream.id);
    assert.deepEqual(await names(), ['echo', 'greet', 'mcp_lens_restart_server']);
    assert.equal(stream.ended, undefined, 'the restart did not end the stream');

    // A stream the host ends is not carried to the next server, nor told of its changes.
    other.close('done with it');
    writeFileSync(serverFile, modernSource(1));
    await waitFor(() => onStream.length === 2, 'list_changed on the same stream after the second restart', 60_000);
    assert.deepEqual(await names(), ['echo', 'mcp_lens_restart_server']);
    assert.equal(listChangedOn(host.trace.events, other.id).length, 1, 'the closed stream heard only of the first restart');
    assert.equal(listChangedOn(host.trace.events, stream.id).length, 2);
    // Each new server acknowledged the replayed stream; the host heard it once.
    assert.equal(messagesOf(host.trace.events, 'notifications/subscriptions/acknowledged').filter((e) => subscriptionOf(e) === stream.id).length, 1);
    assert.deepEqual(unrequested(host.trace.events), []);

    // A restarted server that no longer listens: the host's stream ends with its refusal, and hears nothing more.
    writeFileSync(serverFile, modernSource(2, true));
    await waitFor(() => stream.ended !== undefined, 'the stream to end', 60_000);
    const end = stream.ended as ListenEnd | undefined;
    assert.ok(end?.by === 'error', `ended: ${JSON.stringify(end)}`);
    assert.deepEqual([end.code, end.message], [-32601, 'Method not found: subscriptions/listen']);
    assert.deepEqual(await names(), ['echo', 'greet', 'mcp_lens_restart_server']);
    assert.equal(listChangedOn(host.trace.events, stream.id).length, 2);
  } finally {
    await host.close();
  }
  assert.deepEqual(unrequested(host.trace.events), []);
  // The proxy's own trace: each new child got the open streams' listen requests, byte for byte, under the host's ids.
  const { events } = parseTraceText(readFileSync(trace, 'utf8'));
  const listens = events.filter((e) => e.dir === 'c2s' && e.msg && 'method' in e.msg && e.msg.method === 'subscriptions/listen');
  const children = events.filter((e) => e.kind === 'spawned');
  assert.equal(children.length, 4);
  const sentTo = (i: number) => listens.filter((e) => e.seq > children[i].seq && (i + 1 === children.length || e.seq < children[i + 1].seq)).map((e) => (e.msg as { id: unknown }).id);
  const [streamId, otherId] = ids;
  assert.deepEqual(sentTo(0), [streamId, otherId]);
  assert.deepEqual(sentTo(1), [streamId, otherId]);
  assert.deepEqual(sentTo(2), [streamId]);
  assert.deepEqual(sentTo(3), [streamId]);
  assert.ok(listens.filter((e) => (e.msg as { id: unknown }).id === streamId).every((e) => e.raw === listens[0].raw), 'the same line each time');
});

test('modern era: a host with no listen stream is sent no list_changed after a restart', async () => {
  const { host, serverFile } = hostOnWatchedServer('nolisten');
  try {
    assert.equal((await host.connect()).era, 'modern');
    assert.deepEqual((await host.listAll('tools/list')).map((t) => t.name), ['echo', 'mcp_lens_restart_server']);
    writeFileSync(serverFile, modernSource(2));
    // Polled with a generous deadline (a request cut off by the restart fails; the next one reaches the new server).
    let names: unknown[] = [];
    for (let i = 0; i < 120 && !names.includes('greet'); i++) {
      names = await host.listAll('tools/list').then((tools) => tools.map((t) => t.name), () => []);
      if (!names.includes('greet')) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    assert.deepEqual(names, ['echo', 'greet', 'mcp_lens_restart_server']);
    const restarted = await host.callTool('mcp_lens_restart_server', {});
    assert.match(JSON.stringify(restarted.content), /mcp-lens: restarted \(pid \d+\); tools, prompts and resources unchanged/);
  } finally {
    await host.close();
  }
  assert.deepEqual(messagesOf(host.trace.events, 'notifications/tools/list_changed'), []);
  assert.deepEqual(unrequested(host.trace.events), []);
});

test('modern era: a server that dies on its own ends the host\'s listen stream with an error saying so', async () => {
  const { host } = hostOnWatchedServer('dies');
  try {
    assert.equal((await host.connect()).era, 'modern');
    const stream = await host.listen({ toolsListChanged: true });
    await assert.rejects(host.callTool('die', {}), /the server exited \(code 3\) before answering \(tools\/call\)/);
    await waitFor(() => stream.ended !== undefined, 'the stream to end', 30_000);
    const end = stream.ended as ListenEnd | undefined;
    assert.ok(end?.by === 'error', `ended: ${JSON.stringify(end)}`);
    assert.deepEqual([end.code, end.message], [-32603, 'mcp-lens: the server exited (code 3) before answering (subscriptions/listen); send the request again']);
  } finally {
    await host.close();
  }
});

test('modern era: a server without subscriptions/listen: the proxy acknowledges the host\'s stream itself and delivers the list_changed it announced', async () => {
  const { host, serverFile, trace } = hostOnWatchedServer('proxylisten');
  writeFileSync(serverFile, modernSource(1, true));
  try {
    const info = await host.connect();
    assert.equal(info.era, 'modern');
    assert.deepEqual(info.capabilities.tools, { listChanged: true });
    // The server answers -32601: the proxy, which announced listChanged, keeps the stream and grants what it sends.
    const stream = await host.listen({ toolsListChanged: true, promptsListChanged: true, resourceSubscriptions: ['file:///x'] });
    assert.deepEqual(stream.acknowledged, { toolsListChanged: true });
    const onStream: TraceEvent[] = [];
    stream.onNotification((e) => onStream.push(e));
    assert.deepEqual((await host.listAll('tools/list')).map((t) => t.name), ['echo', 'mcp_lens_restart_server']);

    writeFileSync(serverFile, modernSource(2, true));
    await waitFor(() => onStream.length === 1, 'list_changed on the stream after the restart', 60_000);
    assert.equal(subscriptionOf(onStream[0]), stream.id);
    assert.equal(stream.ended, undefined, 'the new child\'s refusal of the replayed stream did not end it');
    assert.deepEqual((await host.listAll('tools/list')).map((t) => t.name), ['echo', 'greet', 'mcp_lens_restart_server']);

    // The server learns to listen: the replayed stream is its own from now on (its acknowledgement is not the host's second).
    writeFileSync(serverFile, modernSource(1));
    await waitFor(() => onStream.length === 2, 'list_changed on the stream after the second restart', 60_000);
    assert.equal(stream.ended, undefined);
    assert.equal(messagesOf(host.trace.events, 'notifications/subscriptions/acknowledged').filter((e) => subscriptionOf(e) === stream.id).length, 1);
  } finally {
    await host.close();
  }
  assert.deepEqual(unrequested(host.trace.events), []);
  const { events } = parseTraceText(readFileSync(trace, 'utf8'));
  assert.equal(events.filter((e) => e.kind === 'spawned').length, 3);
});

test('modern era: a server without subscriptions/listen, a host asking for nothing the proxy sends: the refusal reaches the host', async () => {
  const { host, serverFile } = hostOnWatchedServer('refused');
  writeFileSync(serverFile, modernSource(1, true));
  try {
    assert.equal((await host.connect()).era, 'modern');
    await assert.rejects(host.listen({ resourceSubscriptions: ['file:///x'] }), /Method not found: subscriptions\/listen/);
  } finally {
    await host.close();
  }
});

test('modern era: a stream the host cancels while a new server is given it hears nothing more, not even that server\'s refusal', async () => {
  const { host, serverFile } = hostOnWatchedServer('orphan');
  writeFileSync(serverFile, modernSource(1, true));
  const stderrHas = (text: string) => host.trace.events.some((e) => e.dir === 'stderr' && e.raw.includes(text));
  try {
    assert.equal((await host.connect()).era, 'modern');
    const stream = await host.listen({ toolsListChanged: true });
    assert.deepEqual(stream.acknowledged, { toolsListChanged: true });
    writeFileSync(serverFile, modernSource(2, 'slowly'));
    await waitFor(() => stderrHas(`refusing listen ${stream.id}`), 'the new server to be given the stream', 60_000);
    stream.close('done with it');
    await waitFor(() => stderrHas(`refused listen ${stream.id}`), 'the new server to refuse it', 60_000);
    // Its answer to this comes after the refusal on the same pipe.
    assert.deepEqual((await host.listAll('tools/list')).map((t) => t.name), ['echo', 'greet', 'mcp_lens_restart_server']);
  } finally {
    await host.close();
  }
  const cancelled = host.trace.events.find((e) => e.dir === 'c2s' && e.msg && 'method' in e.msg && e.msg.method === 'notifications/cancelled');
  assert.ok(cancelled);
  const after = host.trace.events.filter((e) => e.seq > cancelled.seq && e.dir === 's2c' && e.msg && 'id' in e.msg && e.msg.id === (cancelled.msg as unknown as { params: { requestId: unknown } }).params.requestId);
  assert.deepEqual(after.map((e) => e.raw), []);
  assert.deepEqual(diagnose(host.trace.events).filter((d) => d.rule === 'message-after-cancel').map((d) => d.message), []);
});
