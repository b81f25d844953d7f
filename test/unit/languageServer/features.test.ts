import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { columnOf, hoverText, TRACES, TraceServer } from './lspClient';

const fixture = (name: string) => readFileSync(join(TRACES, name), 'utf8');

describe('trace language server: hovers, outline, folding, definition', () => {
  let server: TraceServer;
  before(async () => {
    server = await TraceServer.start();
  });
  after(async () => {
    await server.stop();
  });

  it('explains -32601 on a response: which request it answers and that the capability was never declared', async () => {
    const name = 'undeclared-capability.mcptrace.jsonl';
    const uri = await server.open(name);
    const text = hoverText(await server.hover(uri, 5, columnOf(fixture(name), 5, '-32601') + 2));
    assert.match(text, /-32601 Method not found/);
    assert.match(text, /Answers \*\*tools\/list\*\* \(id 2, line 5\), 3\.0 ms later/);
    assert.match(text, /never declared the `tools` capability \(initialize result, line 3: `\{\}`\)/);
  });

  it('explains isError as a tool failure for the model, not a protocol error', async () => {
    const name = 'tool-error.mcptrace.jsonl';
    const uri = await server.open(name);
    const text = hoverText(await server.hover(uri, 5, columnOf(fixture(name), 5, 'isError') + 1));
    assert.match(text, /the tool ran and failed/);
    assert.match(text, /not a protocol error/);
    assert.match(text, /Answers \*\*tools\/call divide\*\*/);
  });

  it('explains -32022 with the versions the server supports', async () => {
    const name = 'unsupported-version.mcptrace.jsonl';
    const uri = await server.open(name);
    const text = hoverText(await server.hover(uri, 2, columnOf(fixture(name), 2, '-32022')));
    assert.match(text, /Unsupported protocol version/);
    assert.match(text, /The server supports: `2026-09-01`; requested `2026-07-28`/);
  });

  it('explains -32603 on a tool call as a failure that should have been isError', async () => {
    const name = 'domain-error-as-protocol-error.mcptrace.jsonl';
    const uri = await server.open(name);
    const text = hoverText(await server.hover(uri, 5, columnOf(fixture(name), 5, '-32603')));
    assert.match(text, /Internal error/);
    assert.match(text, /should return `isError: true`/);
  });

  it('explains -32602 as a rejected _meta when the server says so, and -32700 with a null id', async () => {
    const name = 'missing-meta.mcptrace.jsonl';
    const uri = await server.open(name);
    const meta = hoverText(await server.hover(uri, 5, columnOf(fixture(name), 5, '-32602') + 1));
    assert.match(meta, /-32602 Invalid params/);
    assert.match(meta, /Answers \*\*tools\/list\*\* \(id 2, line 5\)/);
    assert.match(meta, /The request carries no `_meta`/);
    assert.doesNotMatch(meta, /capability/);
    const params = hoverText(await server.hover(await server.open('invalid-params.mcptrace.jsonl'), 5, columnOf(fixture('invalid-params.mcptrace.jsonl'), 5, '-32602')));
    assert.doesNotMatch(params, /The request carries no `_meta`/);
    const envelope = 'envelope.mcptrace.jsonl';
    const parse = hoverText(await server.hover(await server.open(envelope), 8, columnOf(fixture(envelope), 8, '-32700')));
    assert.match(parse, /-32700 Parse error/);
    assert.match(parse, /could not tell which request/);
  });

  it('explains a method name and the message kind of a line', async () => {
    const name = 'healthy.mcptrace.jsonl';
    const uri = await server.open(name);
    const method = hoverText(await server.hover(uri, 7, columnOf(fixture(name), 7, 'tools/call') + 3));
    assert.match(method, /\*\*tools\/call\*\* — Runs one tool/);
    assert.match(method, /answered on line 9 after 8\.0 ms — ✓/);
    const notification = hoverText(await server.hover(uri, 3, 2));
    assert.match(notification, /\*\*notification notifications\/initialized\*\* · client → server/);
    assert.match(notification, /never answered/);
    const stderr = hoverText(await server.hover(uri, 4, 2));
    assert.match(stderr, /server stderr/);
  });

  it('explains stray stdout and text glued before a message', async () => {
    const uri = await server.open('stray-stdout.mcptrace.jsonl');
    assert.match(hoverText(await server.hover(uri, 1, 2)), /Not JSON at all/);
    assert.match(hoverText(await server.hover(uri, 5, 2)), /not a JSON-RPC 2\.0 message/);
  });

  it('outlines request/response pairs with method, id, latency and outcome', async () => {
    const uri = await server.open('healthy.mcptrace.jsonl');
    const symbols = await server.symbols(uri);
    const names = symbols.map((s) => `${s.name} | ${s.detail}`);
    assert.deepEqual(names, [
      'spawned | spawned node server.js (pid 4242)',
      'initialize | → · #1 · 14 ms · ✓',
      'notifications/initialized | →',
      'stderr: demo server listening on stdio | ',
      'tools/list | → · #2 · 5.0 ms · ✓',
      'tools/call add | → · #3 · 8.0 ms · ✓',
      'stdin-closed | stdin closed',
      'exited | exited with code 0',
    ]);
    const call = symbols[5];
    assert.deepEqual([call.range.start.line, call.range.end.line], [7, 8]);
    assert.deepEqual(call.children?.map((c) => [c.name, c.range.start.line]), [['request', 7], ['response', 8]]);
  });

  it('nests the server requests a call caused under it, its range grown to hold them', async () => {
    const symbols = await server.symbols(await server.open('server-asks.mcptrace.jsonl'));
    assert.deepEqual(symbols.map((s) => s.name), ['spawned', 'initialize', 'notifications/initialized', 'tools/call signup', 'exited']);
    const call = symbols[3];
    assert.deepEqual([call.range.start.line, call.range.end.line], [4, 7]);
    assert.deepEqual(call.children?.map((c) => [c.name, c.range.start.line]), [['request', 4], ['elicitation/create', 5], ['response', 7]]);
    const ask = call.children?.[1];
    assert.match(ask?.detail ?? '', /^← · #0 · \d.* · ✓$/);
    assert.deepEqual(ask?.children?.map((c) => [c.name, c.range.start.line]), [['request', 5], ['response', 6]]);
  });

  it('folds each exchange and each run of stderr', async () => {
    const uri = await server.open('crashed.mcptrace.jsonl');
    const ranges = (await server.folding(uri)).map((r) => [r.startLine, r.endLine]);
    assert.deepEqual(ranges, [[1, 2], [5, 7]]);
  });

  it('goes from a response to its request and back, and from a cancellation to the request', async () => {
    const uri = await server.open('timeout-cancelled.mcptrace.jsonl');
    const toRequest = await server.definition(uri, 7);
    assert.deepEqual(toRequest?.map((l) => l.range.start.line), [4]);
    const toResponse = await server.definition(uri, 4);
    assert.deepEqual(toResponse?.map((l) => l.range.start.line), [7]);
    const fromCancel = await server.definition(uri, 6);
    assert.deepEqual(fromCancel?.map((l) => l.range.start.line), [4]);
    const fromTimeout = await server.definition(uri, 5);
    assert.deepEqual(fromTimeout?.map((l) => l.range.start.line), [4]);
  });

  it('explains lifecycle events with their details and the request they name', async () => {
    const timeout = await server.open('timeout-cancelled.mcptrace.jsonl');
    assert.match(hoverText(await server.hover(timeout, 5, 2)), /The client's request `tools\/call` id 2 \(line 5\) got no response within 30000 ms/);
    const crashed = await server.open('crashed.mcptrace.jsonl');
    assert.match(hoverText(await server.hover(crashed, 8, 2)), /The server process exited \(code 1\)\./);
    const glued = await server.open('stray-stdout.mcptrace.jsonl');
    assert.match(hoverText(await server.hover(glued, 3, 2)), /glued before this message on the same stdout line \(`ready`\)/);
  });

  it('offers no Replay lens unless the client has the replay command', async () => {
    assert.equal(server.capabilities.codeLensProvider, undefined);
  });
});

describe('trace language server: Replay lens', () => {
  it('puts "Replay" on client requests (not initialize) with the request JSON as the argument', async () => {
    const server = await TraceServer.start({ replay: true });
    try {
      const uri = await server.open('healthy.mcptrace.jsonl');
      const lenses = await server.codeLenses(uri);
      assert.deepEqual(lenses.map((l) => l.range.start.line), [5, 7]);
      const resolved = await server.resolveCodeLens(lenses[1]);
      assert.equal(resolved.command?.command, 'mcpLens.replayRequest');
      assert.equal(resolved.command?.title, '▶ Replay tools/call');
      assert.deepEqual(JSON.parse(resolved.command?.arguments?.[0] as string), {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'add', arguments: { a: 1, b: 2 } },
      });
    } finally {
      await server.stop();
    }
  });
});
