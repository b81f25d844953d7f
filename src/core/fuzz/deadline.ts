/**
 * How long a fuzz call may wait. A hang costs the run the full timeout once per input class
 * (the generator's kind of input: "valid", or one near miss such as "text: a string of 100000
 * characters"); after a class has hung, its inputs — and every attempt to shrink a hang —
 * wait only a deadline learned from the server's own answers: a high quantile of the
 * latencies of the calls it answered, times a margin, never below a floor nor above the
 * full timeout. Time is not read here: latencies come in as numbers, deadlines go out as
 * numbers, so a test counts calls instead of watching a clock.
 */

export interface DeadlineOptions {
  /** The run's timeout: what a call of a class that never hung waits. */
  fullTimeoutMs: number;
  /** The learned deadline's lower bound (a loaded machine answers slower than the quantile says). Default min(500 ms, full). */
  floorMs?: number;
  /** Which latency the deadline is learned from. Default 0.95. */
  quantile?: number;
  /** How many times that latency the deadline allows. Default 10. */
  factor?: number;
}

const DEFAULT_FLOOR_MS = 500;
const DEFAULT_QUANTILE = 0.95;
const DEFAULT_FACTOR = 10;

export class LearnedDeadline {
  readonly fullTimeoutMs: number;
  private readonly floorMs: number;
  private readonly quantile: number;
  private readonly factor: number;
  /** Latencies of answered calls, kept sorted for the quantile. */
  private readonly latencies: number[] = [];
  private readonly hungClasses = new Set<string>();
  /** Calls that waited the full timeout and got no answer: at most one per class. */
  fullTimeouts = 0;

  constructor(options: DeadlineOptions) {
    this.fullTimeoutMs = options.fullTimeoutMs;
    this.floorMs = Math.min(options.floorMs ?? DEFAULT_FLOOR_MS, options.fullTimeoutMs);
    this.quantile = options.quantile ?? DEFAULT_QUANTILE;
    this.factor = options.factor ?? DEFAULT_FACTOR;
  }

  /** The deadline of the next input of this class. */
  for(inputClass: string): number {
    return this.hungClasses.has(inputClass) ? this.learned() : this.fullTimeoutMs;
  }

  /** An answered call (a result or a JSON-RPC error): its latency teaches the deadline. */
  answered(latencyMs: number): void {
    insertSorted(this.latencies, latencyMs);
  }

  /** A call of `inputClass` that got no answer within `timeoutMs`: the class waits the learned deadline from now on. */
  timedOut(inputClass: string, timeoutMs: number): void {
    if (timeoutMs >= this.fullTimeoutMs) this.fullTimeouts++;
    this.hungClasses.add(inputClass);
  }

  hasHung(inputClass: string): boolean {
    return this.hungClasses.has(inputClass);
  }

  /** The classes that hung, in the order they first did. */
  get hung(): string[] {
    return [...this.hungClasses];
  }

  /** quantile × factor of the answered calls' latencies, within [floor, full timeout]. */
  learned(): number {
    const n = this.latencies.length;
    if (n === 0) return this.floorMs;
    const q = this.latencies[Math.min(n - 1, Math.ceil(this.quantile * n) - 1)];
    return Math.round(Math.min(this.fullTimeoutMs, Math.max(this.floorMs, q * this.factor)));
  }
}

function insertSorted(sorted: number[], value: number): void {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  sorted.splice(lo, 0, value);
}
