/**
 * Two versions of a server, the same cases: how each case's pass rate changed, with the
 * interval of the change (Newcombe's hybrid score), and how the choice of each tool changed.
 * A change whose interval holds 0 is one the repetitions cannot tell from noise.
 */
import { beyondNoise, newcombe, type Difference } from './newcombe';
import type { CaseScore, ToolSelectionCounts } from './score';
import type { Interval } from './wilson';

export interface SideRate {
  passes: number;
  runs: number;
  passRate: number;
  interval: Interval;
}

/**
 * `better` / `worse`: beyond noise; `noise`: a change the repetitions cannot tell from none;
 * `same`: no change seen; `not-run`: a side has no repetitions of the case.
 */
export type ChangeKind = 'better' | 'worse' | 'noise' | 'same' | 'not-run';

export interface CaseChange {
  name: string;
  line: number;
  before?: SideRate;
  after?: SideRate;
  difference: Difference;
  change: ChangeKind;
  /** For `noise`: repetitions per side at which the rates seen would be told apart (none within 1000: undefined). */
  repeatToTell?: number;
}

export interface ToolRates {
  precision?: number;
  recall?: number;
  counts: ToolSelectionCounts;
}

export interface ToolChange {
  tool: string;
  before: ToolRates;
  after: ToolRates;
}

const MAX_REPEAT = 1000;

export function compareCases(before: readonly CaseScore[], after: readonly CaseScore[]): CaseChange[] {
  const names = [...new Set([...after.map((c) => c.name), ...before.map((c) => c.name)])];
  return names.map((name) => {
    const b = before.find((c) => c.name === name);
    const a = after.find((c) => c.name === name);
    const bs = b ? side(b) : undefined;
    const as = a ? side(a) : undefined;
    const difference = newcombe(bs ?? { passes: 0, runs: 0 }, as ?? { passes: 0, runs: 0 });
    const change = kind(bs, as, difference);
    const repeatToTell = change === 'noise' && bs && as ? repeatsToTell(bs.passRate, as.passRate, Math.max(bs.runs, as.runs)) : undefined;
    return {
      name,
      line: (a ?? b)!.line,
      ...(bs ? { before: bs } : {}),
      ...(as ? { after: as } : {}),
      difference,
      change,
      ...(repeatToTell ? { repeatToTell } : {}),
    };
  });
}

function side(c: CaseScore): SideRate {
  return { passes: c.passes, runs: c.runs, passRate: c.passRate, interval: c.interval };
}

function kind(before: SideRate | undefined, after: SideRate | undefined, d: Difference): ChangeKind {
  if (!before?.runs || !after?.runs) return 'not-run';
  if (d.estimate === 0) return 'same';
  if (!beyondNoise(d)) return 'noise';
  return d.estimate > 0 ? 'better' : 'worse';
}

/** The fewest repetitions per side at which these two rates, if they held exactly, would be told apart. */
function repeatsToTell(p1: number, p2: number, from: number): number | undefined {
  // Unrounded pass counts: the rates as seen, not whole passes that would shift them.
  for (let n = from + 1; n <= MAX_REPEAT; n++) {
    if (beyondNoise(newcombe({ passes: p1 * n, runs: n }, { passes: p2 * n, runs: n }))) return n;
  }
  return undefined;
}

/** Selection precision and recall per tool, on each side; tools in either side's runs. */
export function compareTools(before: readonly CaseScore[], after: readonly CaseScore[]): ToolChange[] {
  const b = toolCounts(before);
  const a = toolCounts(after);
  const tools = [...new Set([...b.keys(), ...a.keys()])].sort();
  return tools.map((tool) => ({ tool, before: rates(b.get(tool)), after: rates(a.get(tool)) }));
}

function toolCounts(cases: readonly CaseScore[]): Map<string, ToolSelectionCounts> {
  const totals = new Map<string, ToolSelectionCounts>();
  for (const c of cases) {
    for (const [tool, n] of Object.entries(c.toolSelection)) {
      const t = totals.get(tool) ?? { chosen: 0, chosenExpected: 0, expected: 0, expectedChosen: 0 };
      totals.set(tool, {
        chosen: t.chosen + n.chosen,
        chosenExpected: t.chosenExpected + n.chosenExpected,
        expected: t.expected + n.expected,
        expectedChosen: t.expectedChosen + n.expectedChosen,
      });
    }
  }
  return totals;
}

function rates(counts: ToolSelectionCounts = { chosen: 0, chosenExpected: 0, expected: 0, expectedChosen: 0 }): ToolRates {
  return {
    ...(counts.chosen ? { precision: counts.chosenExpected / counts.chosen } : {}),
    ...(counts.expected ? { recall: counts.expectedChosen / counts.expected } : {}),
    counts,
  };
}
