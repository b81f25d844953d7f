// "Every request ends": real child processes that exit with requests in flight, or after a
// probe that was never answered. Each request is settled, the trace says it was lost, and
// no view (Messages tree, dev loop, diagnostics) is left showing it pending.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diagnose } from '../../../src/core/diagnose/engine';
import { requestsInFlight } from '../../../src/core/devloop/inFlight';
import { ConnectionClosedError, McpClient } from '../../../src/core/session/client';
import type { TraceEvent } from '../../../src/core/trace/event';
import { MessageModel } from '../../../src/extension/messages/model';
import { statusOf } from '../../../src/extension/messages/nodes';
import { rowData } from '../../../src/extension/messages/present';
import { fixture, waitForEvent } from '../transport/helpers';

const GUARD = { timeout: 30_000 };

/** The Messages view's rows as the user reads them: "label — description". */
function rows(events: readonly TraceEvent[]): string[] {
  const model = new MessageModel();
  for (const e of events) model.add(e);
  return model.nodes.map((n) => {
    const row = rowData(n);
    return `${row.label} — ${row.description}`;
  });
}

function exchange(events: readonly TraceEvent[], method: string): string {
  const row = rows(events).find((r) => r.startsWith(`${method} #`));
  assert.ok(row, `no ${method} row in ${JSON.stringify(rows(events))}`);
  return row;
}

test('a server that exits at once (ENOENT): the probe is lost with the exit, and the error names the exit, not a pipe', GUARD, async (t) => {
  const c = new McpClient(fixture('lifecycle/exits-enoent.mjs'));
  t.after(() => c.close());
  const error = await c.connect().then(
    () => assert.fail('connect() should fail'),
    (err: unknown) => err,
  );
  assert.ok(error instanceof ConnectionClosedError);
  assert.equal(error.message, 'The server exited (code 1) before answering');
  const events = c.trace.events;
  const exited = events.find((e) => e.kind === 'exited')!;
  const lost = events.find((e) => e.kind === 'cancelled')!;
  assert.ok(lost.seq > exited.seq, 'lost after the exit, so the exit rules still see it pending');
  assert.deepEqual(lost.info, { id: 1, method: 'server/discover', reason: 'lost: the server exited (code 1) before answering', local: true });
  assert.deepEqual(requestsInFlight(events), []);
  assert.equal(exchange(events, 'server/discover'), 'server/discover #1 — lost: the server exited (code 1) before answering');
  assert.ok(rows(events).includes('lost — server/discover #1 · lost: the server exited (code 1) before answering'));
  const [card] = diagnose(events).filter((d) => d.rule === 'exited-early');
  assert.match(card.message, /exited \(code 1\) before answering its first request \(server\/discover \(id 1\) was waiting\); stderr: "Error: ENOENT: no such file or directory, scandir '\/nonexistent\/mcp-lens-fixture-dir'"/);
  assert.equal(card.retry, false, 'a missing directory is missing on every start');
});

test('a write that fails with EPIPE because the server is dying: the request is lost to the exit, with its code', GUARD, async (t) => {
  const c = new McpClient(fixture('lifecycle/closes-stdin-then-exits.mjs'));
  t.after(() => c.close());
  await c.connect();
  // The server has closed its stdin and is about to exit 1: the write below gets EPIPE.
  await waitForEvent(c.trace, (e) => e.dir === 'stderr' && e.raw === 'stdin closed', 'the stdin-closed cue');
  const error = await c.request('tools/list').then(
    () => assert.fail('tools/list should fail'),
    (err: unknown) => err as Error,
  );
  assert.equal(error.message, 'The server exited (code 1) before answering');
  assert.doesNotMatch(error.message, /EPIPE/);
  const events = c.trace.events;
  assert.equal(exchange(events, 'tools/list'), 'tools/list #2 — lost: the server exited (code 1) before answering');
  const [card] = diagnose(events).filter((d) => d.rule === 'crashed');
  assert.match(card.message, /exited \(code 1\) with 1 request pending: tools\/list \(id 2\); stderr: "Error: ENOENT/);
  assert.equal(card.retry, false);
});

test('a clean exit after an unanswered, timed-out probe: no crash, nothing pending', GUARD, async (t) => {
  const c = new McpClient(fixture('lifecycle/silent-probe-clean-exit.mjs'), { probeTimeoutMs: 300, probeMaxWaitMs: 300 });
  t.after(() => c.close());
  const info = await c.connect();
  assert.equal(info.era, 'legacy');
  assert.deepEqual((await c.listAll('tools/list')).map((tool) => tool.name), ['one_shot']);
  assert.deepEqual(await c.exited, { code: 0, signal: null });
  const events = c.trace.events;
  const ds = diagnose(events);
  assert.deepEqual(ds.filter((d) => d.rule === 'crashed' || d.rule === 'exited-early'), [], JSON.stringify(ds));
  assert.deepEqual(requestsInFlight(events), []);
  // The probe row says it timed out; nothing in the view is "pending…" after the exit.
  assert.match(exchange(events, 'server/discover'), /^server\/discover #1 — timed out after \d+ ms$/);
  const model = new MessageModel();
  for (const e of events) model.add(e);
  assert.deepEqual(model.nodes.filter((n) => n.type === 'exchange' && statusOf(n) === 'pending'), []);
});

test('closing the client with a request in flight: it ends as lost, not pending', GUARD, async (t) => {
  const c = new McpClient(fixture('lifecycle/slow-modern-start.mjs'), { probeTimeoutMs: 300, probeMaxWaitMs: 60_000 });
  t.after(() => c.close());
  const connecting = c.connect().catch((err: unknown) => err);
  await waitForEvent(c.trace, (e) => e.dir === 'c2s' && e.kind === 'request', 'the probe');
  await c.close();
  assert.ok((await connecting) instanceof ConnectionClosedError);
  assert.equal(exchange(c.trace.events, 'server/discover'), 'server/discover #1 — lost: the client closed the connection before the answer');
  assert.deepEqual(requestsInFlight(c.trace.events), []);
});

test('a request marked lost in the trace by someone else (a restart) ends once, with that reason', GUARD, async (t) => {
  const c = new McpClient(fixture('faults/hangs-on-call.mjs'), { probeTimeoutMs: 2000 });
  t.after(() => c.close());
  await c.connect();
  const call = c.callTool('anything', {}).then(() => new Error('the call was answered'), (err: unknown) => err as Error);
  const sent = await waitForEvent(c.trace, (e) => e.dir === 'c2s' && (e.msg as { method?: string } | undefined)?.method === 'tools/call', 'the call');
  const id = (sent.msg as { id: number }).id;
  c.trace.append({ dir: 'meta', kind: 'cancelled', raw: `tools/call (id ${id}) lost`, info: { id, method: 'tools/call', reason: 'lost: the server restarted before answering', local: true } });
  assert.match((await call).message, /given up: lost: the server restarted before answering/);
  await c.close();
  // Closing finds nothing left to lose: one "lost" per request, not two.
  assert.equal(c.trace.events.filter((e) => e.kind === 'cancelled' && e.info?.id === id).length, 1);
});
