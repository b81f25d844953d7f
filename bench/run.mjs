// `npm run bench`: every workload for our client, the official SDK v1 client (peer) and the
// limit, each in a fresh process, interleaved and repeated (median kept). Prints a table and
// writes bench/results.json: [{name, ours, peer, limit, unit, ratio_vs_peer, ratio_vs_limit}].
// Ratios are always "how ours compares": above 1 means ours is better (faster, or smaller
// for ms and bytes), e.g. 0.8 vs the limit means 80 % of the limit's throughput.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';
import { median, spreadOf } from './lib/stats.mjs';
import { printTable, verdict } from './lib/targets.mjs';

/** Interleaved repetitions of every workload (issue 17: at least 5, median and spread printed). */
const REPS = 5;

const ROOT = new URL('../', import.meta.url).pathname;
const run = promisify(execFile);

/** Bundles what the workloads load from src: core (every client workload) and host (the stall and startup workloads). */
async function buildCore() {
  if (!existsSync(`${ROOT}dist/cli.js`)) throw new Error('dist/cli.js is missing: run `npm run bench` (it builds first)');
  const bundle = (name, exports, options = {}) =>
    esbuild.build({
      ...options,
      stdin: { contents: exports.join('\n'), resolveDir: ROOT, loader: 'ts' },
      outfile: `${ROOT}dist/bench/${name}.cjs`,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      mainFields: ['module', 'main'],
      logLevel: 'warning',
    });
  // The precompiled validators and the official schemas are read beside the bundle that runs
  // (precompiledLoad.ts, officialSchema.ts).
  mkdirSync(`${ROOT}dist/bench`, { recursive: true });
  for (const dir of ['validators', 'official']) {
    if (!existsSync(`${ROOT}dist/bench/${dir}`)) symlinkSync(`../${dir}`, `${ROOT}dist/bench/${dir}`);
  }
  await bundle('core', [
    "export { McpClient } from './src/core/session/client';",
    "export { DiagnosticsEngine, diagnose } from './src/core/diagnose/engine';",
    "export { warm } from './src/core/schema/officialSchema';",
  ]);
  // The extension host's session, view model and export: none of them imports vscode. Minified
  // as the shipped extension is (the VSIX and the npm package are built with --production):
  // the first Start runs much of this code for the first time, and V8 compiles it as it comes.
  await bundle('host', [
    "export { McpClient } from './src/core/session/client';",
    "export { createSessionTrace } from './src/extension/diagnostics/traceStore';",
    "export { LiveSession } from './src/extension/diagnostics/liveSession';",
    "export { exportTrace, traceRedactor } from './src/extension/messages/exportTrace';",
    "export { rowData, messageParts } from './src/extension/messages/present';",
    // What ServerRegistry.start runs for a stdio server besides the editor (the startup workload).
    "export { resolveServer } from './src/core/config/resolve';",
    "export { preparePreload } from './src/core/preload/run';",
    "export { ListChangeStream } from './src/core/session/listChanges';",
    "export { collectSecrets } from './src/extension/diagnostics/liveSession';",
    "export { warmDiagnostics } from './src/core/diagnose/engine';",
  ], { minify: true });
}

async function workload(file, variant, nodeArgs = []) {
  const { stdout } = await run(process.execPath, [...nodeArgs, `${ROOT}bench/workloads/${file}`, variant], {
    cwd: ROOT,
    maxBuffer: 1 << 24,
    timeout: 120_000,
  });
  return JSON.parse(stdout.trim().split('\n').pop());
}

/** Runs each variant `reps` times, interleaved so a busy moment hits all of them alike. */
async function repeated(file, variants, reps = REPS, nodeArgs = []) {
  const runs = Object.fromEntries(variants.map((v) => [v, []]));
  for (let i = 0; i < reps; i++) for (const v of variants) runs[v].push(await workload(file, v, nodeArgs));
  // Each figure is the median of its runs; `spread` keeps (max − min) / median of each.
  const figures = (list) => Object.fromEntries(Object.keys(list[0]).map((k) => [k, median(list.map((r) => r[k]))]));
  const spreads = (list) => Object.fromEntries(Object.keys(list[0]).map((k) => [k, spreadOf(list.map((r) => r[k]))]));
  return Object.fromEntries(variants.map((v) => [v, { ...figures(runs[v]), spread: spreads(runs[v]) }]));
}

const HIGHER = new Set(['calls/s', 'msgs/s']);
/** One row; `spread` is ours' spread over the repetitions (see repeated). */
function row(name, unit, ours, peer, limit, spread) {
  const ratio = (other) => (other == null ? null : HIGHER.has(unit) ? ours / other : other / ours);
  return { name, ours, peer, limit, unit, ratio_vs_peer: ratio(peer), ratio_vs_limit: ratio(limit), spread: spread ?? null };
}

/**
 * `node bench/run.mjs [word…]` runs only the workloads whose rows contain one of the words
 * (e.g. `stall`, `memory`, `record`); no word runs them all. results.json is then left alone.
 */
const only = process.argv.slice(2).map((w) => w.toLowerCase());
const WORKLOAD_ROWS = {
  roundtrip: ['tools/call round trips', 'tools/call latency', 'tools/call client CPU per call'],
  flood: ['100k notifications (ours records + diagnoses)', 'flood client CPU per notification'],
  big: ['20 MB tool result'],
  stall: ['50 MB result: longest extension-host stall', '50 MB result: CPU time of that longest stall'],
  record: ['record proxy: 100k notifications', 'record proxy: round trips'],
  memory: ['memory per stored trace event'],
  startup: ['Start to tools listed (spawn, era probe, initialize, tools/list)', 'extension activation (integration suite)', 'extension.js compile (CPU)'],
};
/** A word that names a workload picks that one; any other word picks the workloads with a row that contains it. */
const wanted = (workload) =>
  only.length === 0 ||
  only.some((w) => (w in WORKLOAD_ROWS ? workload === w : WORKLOAD_ROWS[workload].some((r) => r.toLowerCase().includes(w))));

const started = performance.now();
const loadAtStart = loadavg();
await buildCore();
const rows = [];

if (wanted('roundtrip')) {
  const rt = await repeated('roundtrip.mjs', ['ours', 'peer', 'limit']);
  rows.push(row('tools/call round trips', 'calls/s', rt.ours.rate, rt.peer.rate, rt.limit.rate, rt.ours.spread.rate));
  rows.push(row('tools/call latency p50', 'ms', rt.ours.p50, rt.peer.p50, rt.limit.p50, rt.ours.spread.p50));
  rows.push(row('tools/call latency p99', 'ms', rt.ours.p99, rt.peer.p99, rt.limit.p99, rt.ours.spread.p99));
  rows.push(row('tools/call client CPU per call', 'µs', rt.ours.cpuUs, rt.peer.cpuUs, rt.limit.cpuUs, rt.ours.spread.cpuUs));
}

const flood = wanted('flood') ? await repeated('flood.mjs', ['ours', 'peer', 'limit']) : undefined;
if (flood) {
  rows.push(row('100k notifications (ours records + diagnoses)', 'msgs/s', flood.ours.rate, flood.peer.rate, flood.limit.rate, flood.ours.spread.rate));
  rows.push(row('flood client CPU per notification', 'µs', flood.ours.cpuUs, flood.peer.cpuUs, flood.limit.cpuUs, flood.ours.spread.cpuUs));
}

if (wanted('big')) {
  const big = await repeated('big.mjs', ['ours', 'peer', 'limit']);
  rows.push(row('20 MB tool result', 'ms', big.ours.ms, big.peer.ms, big.limit.ms, big.ours.spread.ms));
}

if (wanted('stall')) {
  // The SDK takes about a minute for 50 MB (its read buffer is quadratic): no peer here.
  const stall = await repeated('stall.mjs', ['ours', 'limit']);
  rows.push(row('50 MB result: longest extension-host stall', 'ms', stall.ours.stall, null, stall.limit.stall, stall.ours.spread.stall));
  rows.push(row('50 MB result: CPU time of that longest stall', 'ms', stall.ours.stallCpu, null, stall.limit.stallCpu, stall.ours.spread.stallCpu));
}

if (wanted('record')) {
  const rec = await repeated('record.mjs', ['ours', 'limit']);
  rows.push(row('record proxy: 100k notifications', 'msgs/s', rec.ours.flood, null, rec.limit.flood, rec.ours.spread.flood));
  rows.push(row('record proxy: round trips', 'calls/s', rec.ours.rate, null, rec.limit.rate, rec.ours.spread.rate));
}

if (wanted('memory')) {
  const memory = await repeated('memory.mjs', ['ours'], REPS, ['--expose-gc']);
  rows.push(row('memory per stored trace event', 'bytes', memory.ours.perEvent, null, memory.ours.rawBytes, memory.ours.spread.perEvent));
}

// Activation is measured where it happens, in a real VS Code: the integration suite's activation
// test writes test-results/activation.json (activate() itself, the config read included).
const activationFile = `${ROOT}test-results/activation.json`;
const activation = existsSync(activationFile) ? JSON.parse(readFileSync(activationFile, 'utf8')) : undefined;
let compile;
if (wanted('startup')) {
  const start = await repeated('startup.mjs', ['ours', 'peer', 'limit']);
  rows.push(row('Start to tools listed (spawn, era probe, initialize, tools/list)', 'ms', start.ours.ms, start.peer.ms, start.limit.ms, start.ours.spread.ms));
  // Beside it, what comes before a Start: activation, from the integration suite's real VS Code,
  // and the part of it every run can measure without one (V8 compiling dist/extension.js).
  if (activation) rows.push(row('extension activation (integration suite)', 'ms', activation.activateMs, null, null));
  compile = (await repeated('extensionLoad.mjs', ['ours'])).ours;
  rows.push(row('extension.js compile (CPU)', 'ms', compile.ms, null, null, compile.spread.ms));
}

printTable(rows);
const load = (l) => l.map((x) => x.toFixed(1)).join(' ');
console.log(`\n${REPS} interleaved repetitions, medians; spread = ±(max − min) / median / 2 of ours.`);
console.log(`load average at the start: ${load(loadAtStart)}, at the end: ${load(loadavg())} on ${cpus().length} cores (rates are wall-clock; the CPU rows are less sensitive to a busy machine).`);
console.log(`ratios: above 1 = ours better (higher rate, or fewer ms/bytes). limit = raw pipe client / framing+JSON.parse / bare relay / raw line bytes / a raw client's JSON.parse of the 50 MB line.`);
console.log("Start to tools listed: one cold start per process, code loaded (ours: its diagnostics warmed, as the extension warms them a second after activation), each variant spawning the same server (fast-server.mjs); ours = the extension's stdio Start (config resolved, trace file, live diagnostics, preload, server/discover probe then initialize + initialized, tools/list); peer = SDK connect (spawn + initialize + initialized) + listTools; limit = raw spawn + initialize + initialized + tools/list.");
if (compile) console.log(`extension.js compile: the CPU time of V8 compiling dist/extension.js (${(compile.bytes / 1e6).toFixed(1)} MB) in a fresh process, the part of activation that needs no VS Code, before the module runs; activate() itself is the integration suite's row.`);
console.log('20 MB: the SDK client needs maxBufferSize raised (its default 10 MiB cap closes the connection); ours caps a line at 64 MiB and reports, not crashes, beyond it.');
console.log(`stall: ours receives, traces (spill file, secrets masked), diagnoses, shows (Messages refresh, the row expanded) and exports the 50 MB result; max of monitorEventLoopDelay; its CPU time is the host thread's own on Node ≥ 23.9 (${process.threadCpuUsage ? 'this run' : 'not this run: the whole process, worker included'}).`);
if (flood) {
  console.log(`flood: ours stored ${flood.ours.events} trace events and ran the diagnostics live (${flood.ours.diagnostics} found).`);
  const first = (v) => `${flood[v].firstCpuUs.toFixed(2)} µs`;
  console.log(`flood: best of 5 bursts per process; the first (cold) burst's CPU per notification: ours ${first('ours')}, SDK ${first('peer')}, limit ${first('limit')}.`);
}
console.log(
  activation
    ? `activation: activate() in a real VS Code ${activation.vscode}, ${activation.servers} configured servers, measured ${activation.measuredAt} by the integration suite.`
    : 'activation: not measured yet; the integration suite writes test-results/activation.json (npm test, or its activation suite).',
);
console.log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`);
if (only.length === 0) writeFileSync(`${ROOT}bench/results.json`, JSON.stringify(rows.map((r) => ({ ...r, verdict: verdict(r) || undefined })), null, 2) + '\n');
