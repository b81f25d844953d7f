/**
 * Runs a test file's saved calls against one server session: connect, list the tools (their
 * outputSchemas), call each tool in file order, then judge each call — with the diagnostics
 * its own messages raised, found in the one trace after the session closes.
 */
import { diagnose } from '../diagnose/engine';
import type { Diagnostic } from '../diagnose/diagnostic';
import { McpClient, ProtocolError, type ClientOptions, type ServerSpec } from '../session/client';
import type { TraceEvent } from '../trace/event';
import { now } from '../trace/event';
import { judge, type CallOutcome, type Failure } from './expectations';
import type { SavedCall, TestFile } from './testFile';

export type TestStatus = 'passed' | 'failed';

export interface TestResult {
  name: string;
  tool: string;
  line: number;
  status: TestStatus;
  durationMs: number;
  failures: Failure[];
  /** The tools/call result, when there was one (what a snapshot update writes). */
  result?: Record<string, unknown>;
  diagnostics: Diagnostic[];
  /** The snapshot was rewritten from this result (`--update-snapshots`, Update Snapshot). */
  snapshotUpdated?: boolean;
}

export interface FileResult {
  path: string;
  tests: TestResult[];
  /** Problems of the file itself (syntax, a missing server); its tests did not run. */
  problems: { line: number; message: string }[];
  /** Every diagnostic of the session (stray stdout, …), for reports that locate them. */
  diagnostics: Diagnostic[];
  events: readonly TraceEvent[];
}

export interface RunOptions {
  /** Only these tests (by name); all when absent. */
  only?: ReadonlySet<string>;
  client?: ClientOptions;
  /** Called once the session is up and before the first call (the editor attaches a debugger here). */
  beforeCalls?: (client: McpClient) => Promise<void>;
  onResult?: (result: TestResult) => void;
  onStart?: (call: SavedCall) => void;
}

interface Ran {
  call: SavedCall;
  outcome: CallOutcome;
  /** The trace positions of the call's request and answer: its diagnostics cite them. */
  firstSeq: number;
  lastSeq: number;
  durationMs: number;
}

export async function runTestFile(file: TestFile, spec: ServerSpec, options: RunOptions = {}): Promise<FileResult> {
  const calls = file.tests.filter((t) => !options.only || options.only.has(t.name));
  const client = new McpClient(spec, { ...(file.timeoutMs ? { requestTimeoutMs: file.timeoutMs } : {}), ...options.client });
  const ran: Ran[] = [];
  const schemas = new Map<string, unknown>();
  let broken: string | undefined;
  try {
    await client.connect();
    for (const tool of await client.listAll('tools/list')) schemas.set(String(tool.name), tool.outputSchema);
    await options.beforeCalls?.(client);
  } catch (error) {
    broken = `could not start the session: ${describe(error)}`;
  }
  try {
    for (const call of calls) {
      options.onStart?.(call);
      const firstSeq = client.trace.count + 1;
      const started = now();
      const outcome = broken ? { kind: 'failed' as const, message: broken } : await callOnce(client, call);
      ran.push({ call, outcome, firstSeq, lastSeq: client.trace.count, durationMs: now() - started });
      if (outcome.kind === 'failed' && client.info && !broken) broken = await stillAlive(client, outcome.message);
    }
  } finally {
    await client.close().catch(() => undefined);
  }
  const events = client.trace.events;
  const diagnostics = diagnose(events);
  const tests = ran.map((r) => {
    const own = diagnostics.filter((d) => d.evidence.some((seq) => seq >= r.firstSeq && seq <= r.lastSeq));
    const failures = judge(r.call.expect, r.outcome, schemas.get(r.call.tool), own);
    const result: TestResult = {
      name: r.call.name,
      tool: r.call.tool,
      line: r.call.line,
      status: failures.length ? 'failed' : 'passed',
      durationMs: r.durationMs,
      failures,
      ...(r.outcome.kind === 'result' ? { result: r.outcome.result } : {}),
      diagnostics: own,
    };
    options.onResult?.(result);
    return result;
  });
  return { path: file.path, tests, problems: file.problems, diagnostics, events };
}

async function callOnce(client: McpClient, call: SavedCall): Promise<CallOutcome> {
  const started = now();
  try {
    const result = await client.callTool(call.tool, call.arguments);
    return { kind: 'result', result, latencyMs: now() - started };
  } catch (error) {
    if (error instanceof ProtocolError) return { kind: 'protocol-error', code: error.code, message: error.message, data: error.data, latencyMs: now() - started };
    return { kind: 'failed', message: describe(error) };
  }
}

/** After a failed call: if the server is gone, the remaining calls fail with the same reason at once. */
async function stillAlive(client: McpClient, reason: string): Promise<string | undefined> {
  const exited = await Promise.race([client.exited.then(() => true), Promise.resolve(false)]);
  return exited ? reason : undefined;
}

function describe(error: unknown): string {
  if (error instanceof ProtocolError) return `${error.code} ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
