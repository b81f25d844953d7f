// What reading a large trace and diagnosing it costs (issue 6: "a 200 000-line trace gets its
// diagnostics in under 2 s"), measured on the very functions the language server and
// `mcp-lens lint` call: parseTraceText then diagnose. Prints numbers; asserts none.
//
//   node --import tsx bench/traceAnalysis.mjs [LINES] [--format own|raw] [--runs N]
//
// The generated session is a legacy (2025-06-18) server that answers a long run of tool
// calls with progress and stderr logging, plus a few faults (a banner, an -32603 tool
// failure, an isError result, progress going back, a reply after a cancel) so that the
// rules which fire do real work too.
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { parseTraceText, serializeEvent } from '../src/core/trace/jsonl.ts';
import { diagnose } from '../src/core/diagnose/engine.ts';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const LINES = Number(argv.find((a, i) => /^\d+$/.test(a) && !argv[i - 1]?.startsWith('--')) ?? 200_000);
const FORMAT = option('--format', 'own');
const RUNS = Number(option('--runs', 5));

/** A trace of LINES lines in our own *.mcptrace.jsonl format (or raw JSON-RPC lines). */
export function generateTrace(lines, format = 'own') {
  const out = [];
  let seq = 0;
  let t = 1_000;
  const push = (dir, msg, extra = {}) => {
    const raw = typeof msg === 'string' ? msg : JSON.stringify(msg);
    if (format === 'raw') {
      if (dir === 'c2s' || dir === 's2c') out.push(raw);
      return;
    }
    seq += 1;
    t += 0.25;
    const kind = extra.kind ?? (typeof msg === 'string' ? undefined : 'method' in msg ? ('id' in msg ? 'request' : 'notification') : 'response');
    out.push(serializeEvent({ seq, t, dir, raw, kind, ...(typeof msg === 'string' ? {} : { msg }), ...extra }));
  };
  push('meta', 'spawned pid 4242: node server.js', { kind: 'spawned', info: { pid: 4242, command: 'node', args: ['server.js'] } });
  push('c2s', { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1.0.0' } } });
  push('s2c', { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-06-18', capabilities: { tools: { listChanged: true }, logging: {} }, serverInfo: { name: 'weather', version: '2.1.0' } } });
  push('c2s', { jsonrpc: '2.0', method: 'notifications/initialized' });
  push('c2s', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
  const forecast = { name: 'forecast', description: 'Forecast for a city', inputSchema: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1, maximum: 7 } }, required: ['city'] }, outputSchema: { type: 'object', properties: { temperature: { type: 'number' }, summary: { type: 'string' } }, required: ['temperature'] } };
  push('s2c', { jsonrpc: '2.0', id: 1, result: { tools: [forecast, { name: 'alerts', description: 'Weather alerts', inputSchema: { type: 'object', properties: { state: { type: 'string' } } } }] } });
  const cities = ['Paris', 'Lagos', 'Lima', 'Osaka', 'Perth', 'Quito', 'Oslo'];
  for (let id = 2; out.length < lines; id++) {
    const city = cities[id % cities.length];
    push('c2s', { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'forecast', arguments: { city, days: 1 + (id % 7) }, _meta: { progressToken: `p${id}` } } });
    push('s2c', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: `p${id}`, progress: 1, total: 2, message: `fetching ${city}` } });
    push('stderr', `[info] forecast ${city}: upstream 200 in ${id % 97} ms`, { kind: 'log' });
    push('s2c', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: `p${id}`, progress: id % 7001 === 0 ? 1 : 2, total: 2 } });
    if (id % 6007 === 0) push('c2s', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'user' } });
    if (id % 5000 === 0) push('s2c', `Weather server ready (cache warm, ${id} calls)`, { kind: 'stray' });
    if (id % 4001 === 0) push('s2c', { jsonrpc: '2.0', id, error: { code: -32603, message: `upstream timeout for ${city}` } });
    else if (id % 3001 === 0) push('s2c', { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: `no data for ${city}` }], isError: true } });
    else {
      const temperature = 10 + (id % 20);
      push('s2c', { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: `${city}: ${temperature} °C, light rain` }], structuredContent: { temperature, summary: 'light rain' } } });
    }
  }
  return out.slice(0, lines).join('\n') + '\n';
}

const cpuMs = (a, b) => (b.user - a.user + b.system - a.system) / 1000;

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Parses and diagnoses the trace RUNS times; prints the medians and what was found. */
function main() {
  const text = generateTrace(LINES, FORMAT);
  const parseMs = [];
  const diagnoseMs = [];
  const parseCpu = [];
  const diagnoseCpu = [];
  let summary;
  for (let run = 0; run < RUNS; run++) {
    // CPU time (all threads, GC included) says more than wall time on a loaded machine.
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const parsed = parseTraceText(text);
    const t1 = performance.now();
    const c1 = process.cpuUsage();
    const diagnostics = diagnose(parsed.events);
    const t2 = performance.now();
    const c2 = process.cpuUsage();
    parseMs.push(t1 - t0);
    diagnoseMs.push(t2 - t1);
    parseCpu.push(cpuMs(c0, c1));
    diagnoseCpu.push(cpuMs(c1, c2));
    const byRule = new Map();
    for (const d of diagnostics) byRule.set(d.rule, (byRule.get(d.rule) ?? 0) + 1);
    summary = { events: parsed.events.length, problems: parsed.problems.length, diagnostics: diagnostics.length, byRule: Object.fromEntries([...byRule].sort()) };
  }
  const fmt = (n) => `${n.toFixed(0)} ms`;
  console.log(`trace: ${LINES} lines, ${(text.length / 1e6).toFixed(1)} MB, format ${FORMAT}; ${RUNS} runs (first run includes schema compilation)`);
  console.log(`  parseTraceText  median ${fmt(median(parseMs))}  first ${fmt(parseMs[0])}  all ${parseMs.map((n) => n.toFixed(0)).join(' ')}`);
  console.log(`  diagnose        median ${fmt(median(diagnoseMs))}  first ${fmt(diagnoseMs[0])}  all ${diagnoseMs.map((n) => n.toFixed(0)).join(' ')}`);
  console.log(`  total           median ${fmt(median(parseMs.map((p, i) => p + diagnoseMs[i])))}`);
  console.log(`  CPU time        parse ${fmt(median(parseCpu))}  diagnose ${fmt(median(diagnoseCpu))}  total ${fmt(median(parseCpu.map((p, i) => p + diagnoseCpu[i])))}  (medians)`);
  console.log(`  load average    ${loadavg().map((n) => n.toFixed(1)).join(' ')} on ${cpus().length} CPUs`);
  console.log(`  result: ${JSON.stringify(summary)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) main();
