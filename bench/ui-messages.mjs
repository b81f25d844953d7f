// What the Messages view and the stderr panel cost at 100 000 events, measured on the very
// models they render (src/extension/messages/model.ts, present.ts, stderr/outputBuffer.ts,
// through a LiveSession that also runs the live diagnostics). Prints numbers; asserts none.
//
//   node --expose-gc --import tsx bench/ui-messages.mjs
//
// 1. flood:    a real server (bench/servers/fast-server.mjs) sends 100 000 notifications to
//              McpClient recording into a LiveSession, while a 250 ms timer does what the
//              view's refresh does (takeChanges, visible rows, a TreeItem's data per row).
// 2. pairs:    100 000 request/response pairs appended in memory: per-event append cost, and
//              one full refresh of a full window (unfiltered and "errors only").
// 3. stderr:   100 000 stderr lines with the panel's 100 ms batching (takeFresh).
// 4. memory:   heap per event of the trace + session (the UI models keep a bounded window).
//
// 2 and 4 run twice: with a trace that keeps every event in memory (the CLI's), and as the
// extension records a session (the newest 10 000 events in memory, every event spilled to a
// .mcptrace.jsonl file, here in a temporary directory).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSessionTrace, KEEP_IN_MEMORY } from '../src/extension/diagnostics/traceStore.ts';
import { McpClient } from '../src/core/session/client.ts';
import { LiveSession } from '../src/extension/diagnostics/liveSession.ts';
import { Trace } from '../src/core/trace/trace.ts';
import { exportTrace } from '../src/extension/messages/exportTrace.ts';
import { MessageModel } from '../src/extension/messages/model.ts';
import { rowData } from '../src/extension/messages/present.ts';
import { OutputBuffer } from '../src/extension/stderr/outputBuffer.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const COUNT = 100_000;
const gc = globalThis.gc ?? (() => undefined);
const fmt = (n, d = 1) => n.toFixed(d);
const SPILL_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-bench-'));

/** A LiveSession over a keep-all trace, or over a windowed, spilling one as the extension makes it. */
function newSession(spill) {
  if (!spill) return { session: new LiveSession('bench', 'bench'), how: 'keep-all trace' };
  const { trace } = createSessionTrace(SPILL_DIR, 'bench');
  return { session: new LiveSession('bench', 'bench', { values: [] }, { trace }), how: `extension trace: newest ${KEEP_IN_MEMORY} in memory + spill file` };
}

/** What MessagesView.flush + getChildren + getTreeItem compute for one refresh. */
function refresh(session, filter = {}) {
  const t0 = performance.now();
  session.messages.takeChanges();
  const rows = session.messages.visible(filter);
  let chars = 0;
  for (const node of rows) {
    const row = rowData(node);
    chars += row.label.length + row.description.length;
  }
  return { ms: performance.now() - t0, rows: rows.length, chars };
}

async function flood() {
  const session = new LiveSession('bench', 'bench');
  const client = new McpClient({ command: process.execPath, args: [`${ROOT}bench/servers/fast-server.mjs`] }, { trace: session.trace, requestTimeoutMs: 120_000 });
  await client.connect();
  const refreshes = [];
  let dirty = false;
  session.onDidAppend(() => (dirty = true));
  const timer = setInterval(() => {
    if (!dirty) return;
    dirty = false;
    refreshes.push(refresh(session).ms);
  }, 250);
  const t0 = performance.now();
  await client.callTool('flood', { count: COUNT });
  const ms = performance.now() - t0;
  clearInterval(timer);
  refreshes.push(refresh(session).ms);
  await client.close();
  refreshes.sort((a, b) => a - b);
  return {
    workload: `flood: ${COUNT} notifications from a real server into a LiveSession, 250 ms refresh`,
    total_ms: fmt(ms),
    msgs_per_s: Math.round((COUNT / ms) * 1000),
    refreshes: refreshes.length,
    refresh_ms_median: fmt(refreshes[refreshes.length >> 1], 2),
    refresh_ms_max: fmt(refreshes[refreshes.length - 1], 2),
    window_rows: session.messages.nodes.length,
    hidden_rows: session.messages.hidden,
    diagnostics: session.diagnostics.length,
  };
}

function pairEvents(i) {
  const id = i + 1;
  const failing = i % 50 === 0;
  const request = { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { text: `call ${i}` } } };
  const response = failing
    ? { jsonrpc: '2.0', id, error: { code: -32602, message: 'Unknown tool' } }
    : { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: `call ${i}` }] } };
  return [
    { dir: 'c2s', kind: 'request', raw: JSON.stringify(request), msg: request },
    { dir: 's2c', kind: 'response', raw: JSON.stringify(response), msg: response },
  ];
}

function pairs(spill) {
  const { session, how } = newSession(spill);
  // Prepared first: the cost measured is the trace's and the UI models', not building objects.
  const events = [];
  for (let i = 0; i < COUNT / 2; i++) events.push(...pairEvents(i));
  const t0 = performance.now();
  const appended = [];
  for (const e of events) appended.push(session.trace.append(e));
  const appendMs = performance.now() - t0;
  // The UI models alone (the rest of the append is the trace and the diagnostics engine).
  const model = new MessageModel();
  const output = new OutputBuffer();
  const t1 = performance.now();
  for (const e of appended) {
    model.add(e);
    output.add(e);
  }
  const modelMs = performance.now() - t1;
  const all = [];
  const errors = [];
  for (let i = 0; i < 20; i++) all.push(refresh(session).ms);
  for (let i = 0; i < 20; i++) errors.push(refresh(session, { errorsOnly: true }).ms);
  all.sort((a, b) => a - b);
  errors.sort((a, b) => a - b);
  return {
    workload: `pairs (${how}): ${COUNT} events (${COUNT / 2} request/response pairs, 1 in 50 failing) appended (trace + diagnostics + UI models)`,
    append_us_per_event: fmt((appendMs * 1000) / COUNT, 2),
    append_total_ms: fmt(appendMs),
    ui_models_us_per_event: fmt((modelMs * 1000) / COUNT, 2),
    full_refresh_ms_median: fmt(all[10], 2),
    errors_only_refresh_ms_median: fmt(errors[10], 2),
    window_rows: session.messages.nodes.length,
    errors_only_rows: session.messages.visible({ errorsOnly: true }).length,
    hidden_rows: session.messages.hidden,
    diagnostics: session.diagnostics.length,
  };
}

function stderrFlood() {
  const session = new LiveSession('bench', 'bench');
  const lines = Array.from({ length: COUNT }, (_, i) => ({ dir: 'stderr', kind: 'log', raw: `DEBUG worker ${i % 8}: processed item ${i} in ${i % 97} ms` }));
  let posts = 0;
  let posted = 0;
  let maxPost = 0;
  const t0 = performance.now();
  // One post per 100 ms of a flood that arrives at ~1 line per 10 µs: a batch per 10 000 lines.
  for (let i = 0; i < lines.length; i++) {
    session.trace.append(lines[i]);
    if ((i + 1) % 10_000 === 0) {
      const { lines: batch } = session.output.takeFresh();
      posts += 1;
      posted += batch.length;
      maxPost = Math.max(maxPost, batch.length);
    }
  }
  const ms = performance.now() - t0;
  return {
    workload: `stderr: ${COUNT} stderr lines, batched as the panel posts them`,
    us_per_line: fmt((ms * 1000) / COUNT, 2),
    posts,
    lines_posted: posted,
    largest_post_lines: maxPost,
    kept_for_panel: session.output.lines().length,
  };
}

function memory(spill) {
  gc();
  const before = process.memoryUsage().heapUsed;
  const { session, how } = newSession(spill);
  for (let i = 0; i < COUNT / 2; i++) for (const e of pairEvents(i)) session.trace.append(e);
  gc();
  const after = process.memoryUsage().heapUsed;
  return {
    workload: `memory (${how}): heap after ${COUNT} events (trace + diagnostics + UI models), gc ${globalThis.gc ? 'on' : 'off (run with --expose-gc)'}`,
    bytes_per_event: Math.round((after - before) / COUNT),
    heap_mb: fmt((after - before) / 1048576),
    ui_window_rows: session.messages.nodes.length,
    trace_events_in_memory: session.trace.events.length,
  };
}

/** Trace.append alone (no listeners): what keeping a window and spilling every event adds per event. */
function traceAlone() {
  const events = [];
  for (let i = 0; i < COUNT / 2; i++) events.push(...pairEvents(i));
  const run = (make) => {
    const best = [];
    for (let round = 0; round < 5; round++) {
      const trace = make();
      const t0 = performance.now();
      for (const e of events) trace.append(e);
      best.push(performance.now() - t0);
      trace.dispose();
    }
    best.sort((a, b) => a - b);
    return fmt((best[0] * 1000) / COUNT, 2);
  };
  return {
    workload: `trace alone: ${COUNT} events appended to a Trace, best of 5`,
    keep_all_us_per_event: run(() => new Trace()),
    window_and_spill_us_per_event: run(() => createSessionTrace(SPILL_DIR, 'alone').trace),
  };
}

/** Export (read the full trace back, redact, write) of a session recorded as the extension does. */
async function exportFull() {
  const { session } = newSession(true);
  for (let i = 0; i < COUNT / 2; i++) for (const e of pairEvents(i)) session.trace.append(e);
  const file = path.join(SPILL_DIR, 'export.mcptrace.jsonl');
  const t0 = performance.now();
  const written = await exportTrace(session, file);
  const ms = performance.now() - t0;
  return {
    workload: `export: ${COUNT} events read back from the spill file, redacted and written`,
    export_ms: fmt(ms),
    events_written: written,
    file_mb: fmt(fs.statSync(file).size / 1048576),
  };
}

const results = [await flood(), pairs(false), pairs(true), traceAlone(), stderrFlood(), memory(false), memory(true), await exportFull()];
fs.rmSync(SPILL_DIR, { recursive: true, force: true });
for (const r of results) {
  console.log(`\n${r.workload}`);
  for (const [k, v] of Object.entries(r)) if (k !== 'workload') console.log(`  ${k.padEnd(32)} ${v}`);
}
