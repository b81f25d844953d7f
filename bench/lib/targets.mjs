// The targets of issue 17, by row name, and the table that prints each row with its verdict.
// A target is a floor on a ratio (ratio_vs_peer / ratio_vs_limit, above 1 = ours better) or a
// ceiling on the measured value itself (`max`, in the row's unit).
export const TARGETS = {
  'tools/call round trips': { peer: 1 },
  'tools/call client CPU per call': { limit: 0.67 },
  'flood client CPU per notification': { limit: 0.5 },
  'record proxy: 100k notifications': { limit: 0.9 },
  'record proxy: round trips': { limit: 0.9 },
  'memory per stored trace event': { limit: 0.5 },
  '50 MB result: longest extension-host stall': { max: 100 },
};

/** 'PASS', 'MISS (…)' or '' when the row has no target. */
export function verdict(row) {
  const target = TARGETS[row.name];
  if (!target) return '';
  const misses = [];
  for (const [k, want] of Object.entries(target)) {
    if (k === 'max') {
      if (!(row.ours <= want)) misses.push(`≤${want} ${row.unit}`);
    } else if (!(row[`ratio_vs_${k}`] >= want)) misses.push(`≥${want}× vs ${k}`);
  }
  return misses.length === 0 ? 'PASS' : `MISS (${misses.join(', ')})`;
}

const fmt = (v) => (v == null ? '—' : v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(2));
const fmtRatio = (v) => (v == null ? '—' : `${v.toFixed(2)}×`);
const fmtSpread = (v) => (v == null ? '—' : `±${Math.round(v * 50)}%`);

/** Prints the rows as an aligned table; `spread` is ours' (max − min) / median over the repetitions. */
export function printTable(rows) {
  const table = [['workload', 'unit', 'ours', 'spread', 'SDK v1 (peer)', 'limit', 'vs peer', 'vs limit', 'target']];
  for (const r of rows) {
    const t = TARGETS[r.name];
    const goal = t ? Object.entries(t).map(([k, v]) => (k === 'max' ? `≤${v}` : `≥${v}× ${k}`)).join(' ') : '';
    table.push([r.name, r.unit, fmt(r.ours), fmtSpread(r.spread), fmt(r.peer), fmt(r.limit), fmtRatio(r.ratio_vs_peer), fmtRatio(r.ratio_vs_limit), t ? `${verdict(r)} [${goal}]` : '']);
  }
  const widths = table[0].map((_, i) => Math.max(...table.map((cells) => cells[i].length)));
  for (const [i, cells] of table.entries()) {
    console.log(cells.map((c, j) => (j >= 2 && j <= 7 ? c.padStart(widths[j]) : c.padEnd(widths[j]))).join('  ').trimEnd());
    if (i === 0) console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  }
}
