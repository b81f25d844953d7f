// Runs a fault fixture through the real McpClient with a DiagnosticsEngine fed live from
// the trace, and diagnoses the same trace offline afterwards: tests assert both agree.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic, RuleId } from '../../../src/core/diagnose/diagnostic';
import { DiagnosticsEngine, diagnose } from '../../../src/core/diagnose/engine';
import { McpClient, type ClientOptions } from '../../../src/core/session/client';
import type { TraceEvent } from '../../../src/core/trace/event';
import { waitForEvent as waitForTraceEvent } from '../transport/helpers';

export const FAULTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/servers/faults');

export interface FaultRun {
  client: McpClient;
  live: Diagnostic[];
  offline: Diagnostic[];
  events: readonly TraceEvent[];
}

export async function runFault(
  fixture: string,
  drive: (client: McpClient) => Promise<unknown>,
  options: { command?: string; args?: string[]; env?: Record<string, string>; client?: ClientOptions } = {},
): Promise<FaultRun> {
  const spec = options.command
    ? { command: options.command, args: options.args ?? [], env: options.env }
    : { command: process.execPath, args: [path.join(FAULTS, fixture)] };
  const client = new McpClient(spec, { probeTimeoutMs: 5000, requestTimeoutMs: 10_000, ...options.client });
  const engine = new DiagnosticsEngine();
  const live: Diagnostic[] = [];
  client.trace.onEvent((e) => live.push(...engine.feed(e)));
  try {
    await drive(client);
  } finally {
    await client.close();
  }
  live.push(...engine.end());
  return { client, live, offline: diagnose(client.trace.events), events: client.trace.events };
}

/** Resolves when the trace holds an event matching `predicate`; rejects at the deadline, printing the trace. */
export function waitForEvent(client: McpClient, predicate: (e: TraceEvent) => boolean, deadlineMs = 10_000): Promise<TraceEvent> {
  return waitForTraceEvent(client.trace, predicate, 'expected event', deadlineMs);
}

/** Awaits a promise expected to reject, returning the error. */
export async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected the call to fail');
}

export function find(ds: readonly Diagnostic[], rule: RuleId): Diagnostic {
  const d = ds.find((x) => x.rule === rule);
  if (!d) throw new Error(`no ${rule} diagnostic; got: ${ds.map((x) => `${x.rule}: ${x.message}`).join(' | ') || 'none'}`);
  return d;
}

/** The seq of the first event matching a predicate. */
export function seqOf(events: readonly TraceEvent[], predicate: (e: TraceEvent) => boolean): number {
  const e = events.find(predicate);
  if (!e) throw new Error('no such event in the trace');
  return e.seq;
}

export const isResult = (method: string, events: readonly TraceEvent[]) => (e: TraceEvent) => {
  if (e.dir !== 's2c' || e.kind !== 'response' || !e.msg || !('id' in e.msg)) return false;
  const id = e.msg.id;
  return events.some((r) => r.dir === 'c2s' && r.kind === 'request' && r.msg && 'method' in r.msg && r.msg.method === method && 'id' in r.msg && r.msg.id === id);
};
