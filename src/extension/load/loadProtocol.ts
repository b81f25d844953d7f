/**
 * Messages between the load panel and its webview. The host sends the finished run once; the
 * webview draws it and says back what it drew (the figures as the page shows them), which is
 * what the integration test reads: what a person sees, not what was sent.
 */
import type { LoadResult } from '../../core/load/loadRun';
import type { ProcessSample } from '../../core/load/processSampler';

export interface LoadRunView {
  server: string;
  tool: string;
  concurrency: number;
  result: LoadResult;
  samples: ProcessSample[];
  limits: string[];
  /** Findings across the run (memory-growth); their text is MCP Lens's own, with numbers. */
  findings: { rule: string; severity: string; message: string; hint: string }[];
}

export type LoadHostMessage = { type: 'run'; run: LoadRunView };

/** What the page shows, read back from its DOM after drawing. */
export interface LoadDrawn {
  heading: string;
  /** The latency row, label → the text in its cell ("p99" → "41.2 ms"). */
  latency: Record<string, string>;
  /** The requests table, kind → count as shown ("ok" → "24"). */
  requests: Record<string, string>;
  /** How many bars or points each chart drew. */
  histogramBars: number;
  throughputBars: number;
  cpuPoints: number;
  memoryPoints: number;
  /** Each chart's caption, or the sentence shown where a chart has nothing to draw. */
  captions: string[];
  notes: string[];
  /** The rule ids of the findings shown. */
  findings: string[];
}

export type LoadViewMessage = { type: 'ready' } | { type: 'drawn'; drawn: LoadDrawn } | { type: 'openText' };
