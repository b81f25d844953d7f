/**
 * Running saved calls from the Test Explorer. A file that names a configured server runs over
 * that server's session in the editor (started if it is not running; under the debugger for
 * the Debug profile, attached before the first call), so its calls show in the Messages view.
 * A file with its own "command" runs in a session of its own, as `mcp-lens test` does.
 */
import * as vscode from 'vscode';
import type { McpClient } from '../../core/session/client';
import { runOnClient, runTestFile, type FileResult, type TestResult } from '../../core/testing/runner';
import { serverSpecFor } from '../../core/testing/serverSpec';
import type { TestFile } from '../../core/testing/testFile';
import type { DebugOutcome } from '../devloop/debugAttach';
import type { Log } from '../log';
import type { ServerRegistry } from '../serverRegistry';
import { say, testMessage } from '../shown';
import { isTrusted, UNTRUSTED_MESSAGE } from '../trust';
import type { TestTree } from './testTree';

export type RunMode = 'run' | 'debug';

/** A test's newest outcome as plain data (integration tests read it via mcpLens.tests.describe). */
export interface Outcome {
  status: 'passed' | 'failed' | 'errored';
  mode: RunMode;
  /** Which test run of this window it came from (1, 2, …). */
  run: number;
  messages: { message: string; expected?: string; actual?: string; line?: number }[];
}

export class TestRuns {
  /** The newest result of each saved call (by test id): what "Update Snapshot" writes. */
  readonly lastResults = new Map<string, Record<string, unknown>>();
  readonly outcomes = new Map<string, Outcome>();
  private runs = 0;

  constructor(
    private readonly controller: vscode.TestController,
    private readonly tree: TestTree,
    private readonly registry: ServerRegistry,
    private readonly log: Log,
  ) {}

  async run(request: vscode.TestRunRequest, mode: RunMode, token: vscode.CancellationToken): Promise<void> {
    const run = this.controller.createTestRun(request);
    const number = ++this.runs;
    try {
      for (const [fileItem, tests] of this.tree.byFile(request)) {
        if (token.isCancellationRequested) break;
        for (const t of tests) run.enqueued(t);
        await this.runFile(run, fileItem, tests, mode, number);
      }
    } finally {
      run.end();
    }
  }

  private async runFile(
    run: vscode.TestRun,
    fileItem: vscode.TestItem,
    tests: vscode.TestItem[],
    mode: RunMode,
    number: number,
  ): Promise<void> {
    const row = this.tree.rowOf(fileItem);
    if (!row || row.kind !== 'file') return;
    const byName = new Map(tests.map((t) => [(this.tree.rowOf(t) as { call: { name: string } }).call.name, t]));
    const fail = (message: vscode.TestMessage) =>
      tests.forEach((t) => {
        run.errored(t, message);
        this.outcomes.set(t.id, { status: 'errored', mode, run: number, messages: [plain(message)] });
      });
    if (!isTrusted()) return fail(testMessage(UNTRUSTED_MESSAGE, undefined));
    const options = {
      only: new Set(byName.keys()),
      onStart: (call: { name: string }) => byName.get(call.name) && run.started(byName.get(call.name)!),
    };
    let result: FileResult;
    try {
      const outcome = await this.execute(row.file, mode, options);
      if ('error' in outcome) return fail(testMessage(say`${outcome.error}`, new vscode.Location(row.uri, new vscode.Position(0, 0))));
      result = outcome;
    } catch (error) {
      this.log.error(`tests in ${row.uri.fsPath} could not run`, error);
      return fail(testMessage(say`The tests could not run: ${error instanceof Error ? error.message : String(error)}`, undefined));
    }
    for (const r of result.tests) {
      const item = byName.get(r.name);
      if (item) this.report(run, item, row.uri, r, mode, number);
    }
  }

  private async execute(
    file: TestFile,
    mode: RunMode,
    options: { only: Set<string>; onStart: (call: { name: string }) => unknown },
  ): Promise<FileResult | { error: string }> {
    const ref = file.server;
    if (!ref) return { error: 'The test file names no server: add "server" (a name from .vscode/mcp.json) or "command".' };
    if ('command' in ref) {
      if (mode === 'debug')
        return {
          error:
            'Debugging a test needs its server from the workspace MCP config ("server": "name"): the debugger attaches to that server.',
        };
      const spec = await serverSpecFor(file);
      return spec.ok ? runTestFile(file, spec.spec, options) : { error: spec.message };
    }
    const client = await this.clientFor(ref.name, mode);
    return 'error' in client ? client : runOnClient(client, file, options);
  }

  /** The running server's connection: started, or restarted under the debugger for Debug. */
  private async clientFor(name: string, mode: RunMode): Promise<McpClient | { error: string }> {
    const entry = this.registry.get(name);
    if (!entry) return { error: `No server called "${name}" in this workspace's MCP configuration.` };
    if (mode === 'debug') {
      const outcome = await vscode.commands.executeCommand<DebugOutcome | undefined>('mcpLens.debugServer', entry.key);
      if (!outcome?.ok) return { error: `The debugger could not attach to "${name}"${outcome ? `: ${outcome.reason}` : ''}.` };
    } else if (entry.state.kind !== 'running') {
      const started = await this.registry.start(entry);
      if (!started.ok) return { error: started.reason };
    }
    return entry.client ?? { error: `"${name}" is not running.` };
  }

  private report(run: vscode.TestRun, item: vscode.TestItem, uri: vscode.Uri, r: TestResult, mode: RunMode, number: number): void {
    if (r.result) this.lastResults.set(item.id, r.result);
    if (r.status === 'passed') {
      run.passed(item, r.durationMs);
      this.outcomes.set(item.id, { status: 'passed', mode, run: number, messages: [] });
      return;
    }
    const at = new vscode.Location(uri, new vscode.Position(r.line - 1, 0));
    const messages = r.failures.map((f) => {
      const m = testMessage(
        say`${f.message}`,
        at,
        f.expected !== undefined && f.actual !== undefined ? { expected: f.expected, actual: f.actual } : undefined,
      );
      // Only a snapshot can be accepted as it now is (the Update Snapshot action on the message).
      if (f.check === 'snapshot') m.contextValue = 'mcpLens.snapshot';
      return m;
    });
    run.failed(item, messages, r.durationMs);
    this.outcomes.set(item.id, { status: 'failed', mode, run: number, messages: messages.map(plain) });
  }
}

function plain(m: vscode.TestMessage): Outcome['messages'][number] {
  return {
    message: typeof m.message === 'string' ? m.message : m.message.value,
    ...(m.expectedOutput !== undefined ? { expected: m.expectedOutput } : {}),
    ...(m.actualOutput !== undefined ? { actual: m.actualOutput } : {}),
    ...(m.location ? { line: m.location.range.start.line + 1 } : {}),
  };
}
