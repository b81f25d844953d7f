/**
 * The load panel's webview: a finished load run drawn as figures and SVG charts. Everything
 * is built as DOM nodes with text set as text (the tool's and server's names came from a
 * server); nothing is loaded from anywhere. After drawing, the page reads back what it shows
 * and tells the host (the integration test reads that).
 */
import type { LatencyBucket } from '../../src/core/load/latency';
import type { TimeSlice } from '../../src/core/load/loadRun';
import type { ProcessSample } from '../../src/core/load/processSampler';
import type { LoadDrawn, LoadHostMessage, LoadRunView, LoadViewMessage } from '../../src/extension/load/loadProtocol';
import { button, el } from './dom';

declare function acquireVsCodeApi(): { postMessage(message: LoadViewMessage): void };
const vscode = acquireVsCodeApi();
const app = document.getElementById('app')!;

const SVG = 'http://www.w3.org/2000/svg';
const W = 640;
const H = 220;
/** Room for the axis labels: left for the values, bottom for the times or buckets. */
const PAD = { left: 72, right: 12, top: 10, bottom: 28 };

window.addEventListener('message', (event: MessageEvent<LoadHostMessage>) => {
  if (event.data?.type !== 'run') return;
  app.replaceChildren(page(event.data.run));
  vscode.postMessage({ type: 'drawn', drawn: readBack() });
});
vscode.postMessage({ type: 'ready' });

function page(run: LoadRunView): HTMLElement {
  const r = run.result;
  const l = r.latency;
  const seconds = (r.durationMs / 1000).toFixed(1);
  return el(
    'div',
    { className: 'load' },
    el(
      'header',
      { className: 'load-header' },
      el('h1', { text: `Load test of ${run.tool}` }),
      el('span', {
        className: 'muted',
        text: `${run.server} · ${r.requests} calls in ${seconds} s at concurrency ${run.concurrency} · ${r.throughput} calls/s`,
      }),
      button('Open as Text', () => vscode.postMessage({ type: 'openText' })),
    ),
    r.stoppedEarly ? el('p', { className: 'stopped', text: `Stopped early: ${r.stoppedEarly}` }) : undefined,
    el(
      'section',
      { className: 'figures' },
      figureTable('Latency', 'latency', [
        ['min', ms(l.minMs)],
        ['p50', ms(l.p50Ms)],
        ['p90', ms(l.p90Ms)],
        ['p99', ms(l.p99Ms)],
        ['max', ms(l.maxMs)],
        ['mean', ms(l.meanMs)],
      ]),
      figureTable('Requests', 'requests', [
        ['total', String(r.requests)],
        ['ok', String(r.ok)],
        ...Object.entries(r.errors).map(([kind, n]): [string, string] => [kind, String(n)]),
        ['error rate', `${Math.round(r.errorRate * 10000) / 100}%`],
      ]),
    ),
    run.findings.length
      ? el(
          'section',
          { className: 'findings', attrs: { 'aria-label': 'Findings across the run' } },
          ...run.findings.map((f) =>
            el(
              'article',
              { className: `finding ${f.severity}`, attrs: { 'data-rule': f.rule } },
              el('p', {}, el('span', { className: 'rule', text: f.rule }), ' ', f.message),
              el('p', { className: 'muted', text: f.hint }),
            ),
          ),
        )
      : undefined,
    el(
      'section',
      { className: 'charts' },
      chart('histogram', 'Latency histogram: calls per bucket, up to the time shown', histogram(r.histogram), 'No call completed.'),
      chart('throughput', 'Throughput over time: calls completed per second (errors in red)', throughput(r.timeline), 'No call completed.'),
      chart(
        'cpu',
        'Server CPU over the run: % of one core',
        line(
          run.samples,
          (s) => s.cpuPercent,
          (v) => `${v}%`,
          100,
          'cpu',
        ),
        'Not sampled.',
      ),
      chart(
        'memory',
        'Server memory over the run: resident set size',
        line(
          run.samples,
          (s) => s.rssBytes / 2 ** 20,
          (v) => `${v.toFixed(1)} MiB`,
          0,
          'memory',
        ),
        'Not sampled.',
      ),
    ),
    el('ul', { className: 'notes' }, ...run.limits.map((n) => el('li', { text: n }))),
  );
}

function ms(value: number): string {
  return `${value} ms`;
}

function figureTable(caption: string, id: string, rows: [string, string][]): HTMLElement {
  return el(
    'table',
    { className: 'figure-table', attrs: { 'data-figures': id } },
    el('caption', { text: caption }),
    el('tr', {}, ...rows.map(([label]) => el('th', { text: label, attrs: { scope: 'col' } }))),
    el('tr', {}, ...rows.map(([label, value]) => el('td', { text: value, attrs: { 'data-label': label } }))),
  );
}

function chart(id: string, caption: string, svg: SVGSVGElement | undefined, empty: string): HTMLElement {
  return el(
    'figure',
    { className: 'chart', attrs: { 'data-chart': id } },
    el('figcaption', { text: caption }),
    svg ?? el('p', { className: 'muted empty', text: empty }),
  );
}

function svgEl<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
  title?: string,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (title !== undefined) {
    const t = document.createElementNS(SVG, 'title');
    t.textContent = title;
    node.appendChild(t);
  }
  return node;
}

function frame(label: string): SVGSVGElement {
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label, preserveAspectRatio: 'xMinYMin meet' });
  svg.appendChild(svgEl('line', { x1: PAD.left, y1: H - PAD.bottom, x2: W - PAD.right, y2: H - PAD.bottom, class: 'axis' }));
  svg.appendChild(svgEl('line', { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: H - PAD.bottom, class: 'axis' }));
  return svg;
}

function text(svg: SVGSVGElement, x: number, y: number, value: string, anchor: 'start' | 'middle' | 'end'): void {
  const t = svgEl('text', { x, y, 'text-anchor': anchor, class: 'tick' });
  t.textContent = value;
  svg.appendChild(t);
}

/** Bars side by side over the plot's width; `label(i)` for the first, middle and last only. */
function bars(
  svg: SVGSVGElement,
  values: { value: number; part?: number; title: string }[],
  label: (i: number) => string,
  kind: string,
): void {
  const max = Math.max(1, ...values.map((v) => v.value));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const step = plotW / values.length;
  const width = Math.max(1, step * 0.8);
  values.forEach((v, i) => {
    const x = PAD.left + i * step + (step - width) / 2;
    const h = (v.value / max) * plotH;
    svg.appendChild(svgEl('rect', { x, y: H - PAD.bottom - h, width, height: h, class: `bar ${kind}`, 'data-bar': kind }, v.title));
    if (v.part) {
      const e = (v.part / max) * plotH;
      svg.appendChild(svgEl('rect', { x, y: H - PAD.bottom - e, width, height: e, class: 'bar errors' }, v.title));
    }
  });
  text(svg, PAD.left - 6, PAD.top + 10, String(max), 'end');
  text(svg, PAD.left - 6, H - PAD.bottom, '0', 'end');
  for (const i of new Set([0, Math.floor((values.length - 1) / 2), values.length - 1]))
    text(svg, PAD.left + i * step + step / 2, H - 8, label(i), 'middle');
}

function histogram(buckets: readonly LatencyBucket[]): SVGSVGElement | undefined {
  if (buckets.length === 0) return undefined;
  const svg = frame(
    `Latency histogram, ${buckets.length} buckets from ${buckets[0].upToMs} ms to ${buckets[buckets.length - 1].upToMs} ms`,
  );
  bars(
    svg,
    buckets.map((b) => ({ value: b.count, title: `≤ ${b.upToMs} ms: ${b.count} calls` })),
    (i) => `≤ ${round(buckets[i].upToMs)} ms`,
    'latency',
  );
  return svg;
}

function throughput(slices: readonly TimeSlice[]): SVGSVGElement | undefined {
  if (slices.length === 0) return undefined;
  const svg = frame(`Calls completed per second over ${slices.length} s`);
  bars(
    svg,
    slices.map((s) => ({
      value: s.completed,
      part: s.errors,
      title: `${s.second}–${s.second + 1} s: ${s.completed} calls, ${s.errors} errors`,
    })),
    (i) => `${slices[i].second} s`,
    'throughput',
  );
  return svg;
}

/** A line over time; the scale's top is at least `floor` (100% for the CPU) so a light load looks light. */
function line(
  samples: readonly ProcessSample[],
  value: (s: ProcessSample) => number,
  format: (v: number) => string,
  floor: number,
  kind: string,
): SVGSVGElement | undefined {
  if (samples.length === 0) return undefined;
  const values = samples.map(value);
  const max = Math.max(floor, ...values) || 1;
  const end = Math.max(1, samples[samples.length - 1].atMs);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const svg = frame(`${kind} over ${(end / 1000).toFixed(1)} s, up to ${format(Math.max(...values))}`);
  const points = samples.map((s, i) => [PAD.left + (s.atMs / end) * plotW, H - PAD.bottom - (values[i] / max) * plotH] as const);
  svg.appendChild(
    svgEl('polyline', { points: points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' '), class: `line ${kind}` }),
  );
  points.forEach(([x, y], i) =>
    svg.appendChild(
      svgEl('circle', { cx: x, cy: y, r: 2.5, class: `point ${kind}`, 'data-point': kind }, `${samples[i].atMs} ms: ${format(values[i])}`),
    ),
  );
  text(svg, PAD.left - 6, PAD.top + 10, format(max), 'end');
  text(svg, PAD.left - 6, H - PAD.bottom, format(0), 'end');
  text(svg, PAD.left, H - 8, '0 s', 'start');
  text(svg, W - PAD.right, H - 8, `${(end / 1000).toFixed(1)} s`, 'end');
  return svg;
}

function round(v: number): string {
  return v >= 100 ? String(Math.round(v)) : String(Math.round(v * 10) / 10);
}

/** What the page shows, read from its DOM. */
function readBack(): LoadDrawn {
  const cells = (id: string) =>
    Object.fromEntries(
      Array.from(app.querySelectorAll(`[data-figures="${id}"] td`)).map((td) => [
        td.getAttribute('data-label') ?? '',
        td.textContent ?? '',
      ]),
    );
  const count = (selector: string) => app.querySelectorAll(selector).length;
  return {
    heading: app.querySelector('h1')?.textContent ?? '',
    latency: cells('latency'),
    requests: cells('requests'),
    histogramBars: count('[data-bar="latency"]'),
    throughputBars: count('[data-bar="throughput"]'),
    cpuPoints: count('[data-point="cpu"]'),
    memoryPoints: count('[data-point="memory"]'),
    captions: Array.from(app.querySelectorAll('figure')).map((f) =>
      [f.querySelector('figcaption')?.textContent, f.querySelector('.empty')?.textContent].filter(Boolean).join(' — '),
    ),
    notes: Array.from(app.querySelectorAll('.notes li')).map((li) => li.textContent ?? ''),
    findings: Array.from(app.querySelectorAll('.finding')).map((f) => f.getAttribute('data-rule') ?? ''),
  };
}
