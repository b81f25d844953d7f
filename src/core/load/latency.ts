/**
 * Latency figures from an HDR histogram (hdr-histogram-js): microsecond values at 3
 * significant digits, so p99 is exact to 0.1% however many calls were made, and the
 * histogram's buckets can be drawn without keeping every sample.
 */
import type * as Hdr from 'hdr-histogram-js';

let hdrModule: typeof Hdr | undefined;

/**
 * hdr-histogram-js, required on the first recorder: as it loads it builds its log writer's
 * number formatters, about 10 ms of CPU that every CLI command and the extension's activation
 * paid, when only `load` measures latency.
 */
function hdr(): typeof Hdr {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (hdrModule ??= require('hdr-histogram-js') as typeof Hdr);
}

export interface LatencySummary {
  count: number;
  minMs: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
}

export interface LatencyBucket {
  /** Upper edge of the bucket, in milliseconds. */
  upToMs: number;
  count: number;
}

export class LatencyRecorder {
  private readonly histogram = hdr().build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 3_600_000_000,
    numberOfSignificantValueDigits: 3,
  });

  /** Bucket index k of the picture: a value v ms lies in (2^((k-1)/4), 2^(k/4)]. */
  private readonly counts = new Map<number, number>();

  record(ms: number): void {
    this.histogram.recordValue(Math.max(1, Math.round(ms * 1000)));
    const k = Math.ceil(4 * Math.log2(Math.max(ms, 0.001)));
    this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
  }

  summary(): LatencySummary {
    const h = this.histogram;
    if (h.totalCount === 0) return { count: 0, minMs: 0, p50Ms: 0, p90Ms: 0, p99Ms: 0, maxMs: 0, meanMs: 0 };
    const ms = (us: number) => Math.round(us / 10) / 100;
    // A percentile is its bucket's highest equivalent value, which can pass the exact maximum by the histogram's 0.1%.
    const at = (p: number) => ms(Math.min(h.getValueAtPercentile(p), h.maxValue));
    return {
      count: h.totalCount,
      minMs: ms(h.minNonZeroValue),
      p50Ms: at(50),
      p90Ms: at(90),
      p99Ms: at(99),
      maxMs: ms(h.maxValue),
      meanMs: ms(h.mean),
    };
  }

  /**
   * The latency histogram to draw: log-spaced buckets (four per doubling, edges 2^(k/4) ms),
   * from the fastest call's bucket to the slowest's, empty ones included.
   */
  buckets(): LatencyBucket[] {
    if (this.counts.size === 0) return [];
    const keys = [...this.counts.keys()];
    const out: LatencyBucket[] = [];
    for (let k = Math.min(...keys); k <= Math.max(...keys); k++)
      out.push({ upToMs: Math.round(2 ** (k / 4) * 1000) / 1000, count: this.counts.get(k) ?? 0 });
    return out;
  }

  destroy(): void {
    this.histogram.destroy();
  }
}
