/**
 * Runs a test file's saved calls over one server session: list the tools (their
 * outputSchemas), call each tool in file order, then judge each call — with the diagnostics
 * its own messages raised, found in the session's trace.
 */
import { diagnose } from '../diagnose/engine';
import type { Diagnostic } from '../diagnose/diagnostic';
import { McpClient, ProtocolError, type ClientOptions, type HttpServerSpec, type ServerSpec } from '../session/client';
import type { TraceEvent } from '../trace/event';
import { now } from '../trace/event';
import { judge, type CallOutcome, type Failure } from './expectations';
import type { SavedCall, TestFile } from './testFile';
import { ignoreClosing } from '../util/ignored';

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
  /** runTestFile: the client it made, before it connects (to tail a preload's records into its trace). */
  onClient?: (client: McpClient) => void;
  /** runTestFile: after the server is gone and before judging (the preload's last records land). */
  afterClose?: () => Promise<void>;
}

interface Ran {
  call: SavedCall;
  outcome: CallOutcome;
  /** The trace positions of the call's request and answer: its diagnostics cite them. */
  firstSeq: number;
  lastSeq: number;
  durationMs: number;
}

/** Starts the server, runs the file's calls over one session, closes it, then judges with the whole trace. */
export async function runTestFile(file: TestFile, spec: ServerSpec | HttpServerSpec, options: RunOptions = {}): Promise<FileResult> {
  const client = new McpClient(spec, { ...(file.timeoutMs ? { requestTimeoutMs: file.timeoutMs } : {}), ...options.client });
  let ran: Ran[] = [];
  let schemas = new Map<string, unknown>();
  options.onClient?.(client);
  try {
    let broken: string | undefined;
    try {
      await client.connect();
    } catch (error) {
      broken = `could not start the session: ${describe(error)}`;
    }
    ({ ran, schemas } = await callAll(client, selected(file, options), options, broken));
  } finally {
    await ignoreClosing(client.close());
    await options.afterClose?.();
  }
  const events = client.trace.events;
  const diagnostics = diagnose(events);
  return { path: file.path, tests: judgeAll(ran, schemas, diagnostics, options), problems: file.problems, diagnostics, events };
}

/**
 * Runs the calls over a session someone else owns and keeps open (the editor's running
 * server: the calls show in its Messages view, and a debugger may be attached to it).
 */
export async function runOnClient(client: McpClient, file: TestFile, options: RunOptions = {}): Promise<FileResult> {
  const { ran, schemas } = await callAll(client, selected(file, options), options, client.info ? undefined : 'the server is not running');
  const events = client.trace.events;
  const diagnostics = diagnose(events);
  return { path: file.path, tests: judgeAll(ran, schemas, diagnostics, options), problems: file.problems, diagnostics, events };
}

function selected(file: TestFile, options: RunOptions): SavedCall[] {
  return file.tests.filter((t) => !options.only || options.only.has(t.name));
}

async function callAll(
  client: McpClient,
  calls: readonly SavedCall[],
  options: RunOptions,
  brokenAtStart: string | undefined,
): Promise<{ ran: Ran[]; schemas: Map<string, unknown> }> {
  const ran: Ran[] = [];
  const schemas = new Map<string, unknown>();
  let broken = brokenAtStart;
  if (!broken) {
    try {
      // The outputSchemas as listed now: the one structuredContent must satisfy.
      for (const tool of await client.listAll('tools/list')) schemas.set(String(tool.name), tool.outputSchema);
      await options.beforeCalls?.(client);
    } catch (error) {
      broken = `could not list the tools: ${describe(error)}`;
    }
  }
  for (const call of calls) {
    options.onStart?.(call);
    const firstSeq = client.trace.count + 1;
    const started = now();
    const outcome = broken ? { kind: 'failed' as const, message: broken } : await callOnce(client, call);
    ran.push({ call, outcome, firstSeq, lastSeq: client.trace.count, durationMs: now() - started });
    if (outcome.kind === 'failed' && !broken) broken = await stillAlive(client, outcome.message);
  }
  return { ran, schemas };
}

function judgeAll(
  ran: readonly Ran[],
  schemas: ReadonlyMap<string, unknown>,
  diagnostics: readonly Diagnostic[],
  options: RunOptions,
): TestResult[] {
  return ran.map((r) => {
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
}

async function callOnce(client: McpClient, call: SavedCall): Promise<CallOutcome> {
  const started = now();
  try {
    const result = await client.callTool(call.tool, call.arguments);
    return { kind: 'result', result, latencyMs: now() - started };
  } catch (error) {
    if (error instanceof ProtocolError)
      return { kind: 'protocol-error', code: error.code, message: error.message, data: error.data, latencyMs: now() - started };
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
