import type { McpClient, ServerInfo } from '../session/client';
import type { Trace } from '../trace/trace';
import type { ProbeRule, Severity } from '../diagnose/diagnostic';

/**
 * DESIGN.md §9: an active check `mcp-lens check` (and Start in the editor) runs after listing.
 * A probe only does what a host does with a server it has connected to, and never anything
 * with side effects: no tool is ever called, nothing is written.
 */
export interface Probe {
  /** Stable id: `check --probes ID,ID`, the report's `probes`, the Servers view. */
  id: ProbeId;
  /** One line a person reads in the report ("ping is answered with an empty result"). */
  title: string;
  /** Why the probe does not apply to this server (capability not declared, stdio has no sessions), or undefined when it does. */
  skip(ctx: ProbeContext): string | undefined;
  /**
   * Exercises the server and records each verdict with `recordVerdict`; evidence cites the
   * trace events that prove it. A server's JSON-RPC error is an answer, not a throw; a throw
   * means the probe itself could not finish (the runner records it as the probe's failure).
   */
  run(ctx: ProbeContext): Promise<void>;
}

export const PROBE_IDS = [
  'ping',
  'logging',
  'completion',
  'resources-read',
  'unknown-resource',
  'skills',
  'prompts-get',
  'subscribe',
  'result-type',
  'caching',
  'input-required-placement',
  'legacy-era',
  'tasks',
  'stateless',
  'session',
  'origin',
  'host',
  'headers',
  'get-stream',
  'resume',
] as const;
export type ProbeId = (typeof PROBE_IDS)[number];

/** What a probe was given to work with: the connected client and what listing found. */
export interface ProbeContext {
  client: McpClient;
  info: ServerInfo;
  /** The Streamable HTTP endpoint and the headers every request carries (auth included), or undefined over stdio. */
  http?: { url: string; headers: Record<string, string> };
  /** What the listing saw: the probes read these instead of asking again. */
  listed: {
    tools: Record<string, unknown>[];
    resources: Record<string, unknown>[];
    templates: Record<string, unknown>[];
    prompts: Record<string, unknown>[];
  };
  timeoutMs: number;
  signal?: AbortSignal;
  /**
   * A new, unconnected client for the same server that offers only the legacy `initialize`
   * handshake, with a trace of its own (legacy-era); undefined where the caller cannot open one.
   */
  legacyClient?: () => McpClient;
}

/** What a probe found: one catalogue rule (DESIGN.md §4) with its citation, like an auth step's failure. */
export interface ProbeVerdict {
  rule: ProbeRule;
  message: string;
  hint: string;
  evidence: number[];
  severity?: Severity;
  /** Tells apart findings of one rule that are different faults (one per header case). */
  group?: string;
}

/** A probe's outcome, one meta 'probe' event each: the report and the Servers view list them. */
export type ProbeOutcome =
  | { probe: ProbeId; status: 'ran' }
  | { probe: ProbeId; status: 'skipped'; reason: string }
  | { probe: ProbeId; status: 'failed'; reason: string };

export function recordVerdict(trace: Trace, probe: ProbeId, verdict: ProbeVerdict): void {
  trace.append({ dir: 'meta', kind: 'probe', raw: `${probe}: ${verdict.message}`, info: { probe, verdict } });
}

export function recordOutcome(trace: Trace, outcome: ProbeOutcome): void {
  const why = outcome.status === 'ran' ? '' : ` (${outcome.reason})`;
  trace.append({ dir: 'meta', kind: 'probe', raw: `probe ${outcome.probe} ${outcome.status}${why}`, info: { outcome } });
}
