/**
 * Running eval cases from the Test Explorer: each case through the chosen `vscode.lm` model,
 * every tool call on the real server. A file that names a configured server runs over that
 * server's session in the editor (started if it is not running), so the conversation shows
 * in its Messages view beside the wire; a file with its own command or URL runs in a session
 * of its own, as `mcp-lens eval` does. A case passes when its pass rate over its repetitions
 * reaches `mcpLens.evals.minPassRate`.
 */
import * as vscode from 'vscode';
import type { RunRecord } from '../../core/eval/agentLoop';
import type { EvalCase, EvalFile } from '../../core/eval/evalFile';
import type { EvalModel } from '../../core/eval/model';
import {
  openSession,
  runEvalCases,
  sessionOn,
  type EvalFileResult,
  type EvalRunOptions,
  type EvalSession,
  type SessionSource,
} from '../../core/eval/runEval';
import type { CaseScore } from '../../core/eval/score';
import { serverSpecFor } from '../../core/testing/serverSpec';
import type { ServerRef } from '../../core/testing/testFile';
import type { McpClient } from '../../core/session/client';
import type { TraceEvent } from '../../core/trace/event';
import type { Log } from '../log';
import type { ServerRegistry } from '../serverRegistry';
import { render, say, showWarning, testMessage, type Text } from '../shown';
import { isTrusted, UNTRUSTED_MESSAGE } from '../trust';
import { failurePlace, type CaseLocations } from './caseLocations';
import { approver, confirmPolicy } from './confirmCall';
import { withDeclined } from './declined';
import { lmEvalModel } from './lmModel';
import { chooseModel } from './pickModel';
import { caseTurns, terminalBlock, transcriptLines } from './transcript';
import type { EvalTree } from './evalTree';
import type { LastScores } from './lastScores';
import { toolsNamed } from '../../core/eval/toolScores';
import { ignoreClosing } from '../../core/util/ignored';

const CALL_TIMEOUT_MS = 60_000;

/** A case's newest outcome as plain data (integration tests read it via mcpLens.evals.describe). */
export interface EvalOutcome {
  status: 'passed' | 'failed' | 'errored' | 'skipped';
  /** Which eval run of this window it came from (1, 2, …). */
  run: number;
  model?: string;
  score?: CaseScore;
  messages: { message: string; line?: number }[];
  /** What the run's output shows for this case: the transcript and the summary. */
  output: string;
}

interface Current {
  session?: EvalSession;
  /** The newest trace event before the case began: the case's turns are those after it. */
  afterSeq: number;
  runs: RunRecord[];
}

/** What every file of one eval run shares. */
interface FileRunContext {
  model: EvalModel;
  number: number;
  budget?: { left: number; name: string };
  approve: ReturnType<typeof approver>;
  signal: AbortSignal;
  minPassRate: number;
}

/** A file's cases to run, by name, with where each is written. */
interface FileCases {
  uri: vscode.Uri;
  byName: Map<string, vscode.TestItem>;
  where: Map<vscode.TestItem, CaseLocations | undefined>;
}

/** `source`, with the session it opened last kept in `current` (the case's turns are read from its trace). */
function tracked(source: SessionSource, current: Current): SessionSource {
  return {
    open: async () => {
      const opened = await source.open();
      if ('session' in opened) current.session = opened.session;
      return opened;
    },
    close: (session) => source.close(session),
  };
}

export class EvalRuns {
  readonly outcomes = new Map<string, EvalOutcome>();
  private runs = 0;

  constructor(
    private readonly controller: vscode.TestController,
    private readonly tree: EvalTree,
    private readonly registry: ServerRegistry,
    private readonly state: vscode.Memento,
    private readonly clientInfo: { name: string; version: string },
    private readonly log: Log,
    private readonly scores: LastScores,
  ) {}

  async run(request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<void> {
    const run = this.controller.createTestRun(request);
    const number = ++this.runs;
    const abort = new AbortController();
    // A run started by a lens or the list diff has no profile's token: the Test Explorer's stop button cancels run.token.
    const cancelled = [token.onCancellationRequested(() => abort.abort()), run.token.onCancellationRequested(() => abort.abort())];
    try {
      const groups = this.tree.byFile(request);
      const all = [...groups.values()].flat();
      if (all.length === 0) return;
      for (const t of all) run.enqueued(t);
      const stop = (message: Text) => {
        run.appendOutput(terminalBlock([render(message, 'plainLine')]));
        for (const t of all)
          this.settle(run, t, { status: 'errored', run: number, messages: [{ message: render(message, 'plainLine') }], output: '' }, [
            testMessage(message, undefined),
          ]);
      };
      if (!isTrusted()) return stop(UNTRUSTED_MESSAGE);
      const chat = await chooseModel(this.state, { ask: false });
      if (typeof chat === 'string') {
        void showWarning(say`MCP Lens: ${chat}`);
        return stop(say`${chat}`);
      }
      let stopped: string | undefined;
      const model = lmEvalModel(
        chat,
        "MCP Lens runs your eval cases: the model is given your MCP server's tools, and each call it makes runs on the server.",
        (error) => {
          stopped = `not run: ${chat.vendor}:${chat.id} cannot be used (${error.message})`;
          abort.abort();
        },
      );
      const settings = vscode.workspace.getConfiguration('mcpLens');
      const cap = settings.get<number>('evals.maxTokens', 100_000);
      const budget = cap > 0 ? { left: cap, name: 'mcpLens.evals.maxTokens' } : undefined;
      const approve = approver(confirmPolicy());
      for (const [fileItem, tests] of groups) {
        if (abort.signal.aborted) break;
        await this.runFile(run, fileItem, tests, {
          model,
          number,
          budget,
          approve,
          signal: abort.signal,
          minPassRate: settings.get<number>('evals.minPassRate', 1),
        });
      }
      // What never ran: the run was cancelled, or the token cap stopped it.
      for (const t of all) {
        if (this.outcomes.get(t.id)?.run === number) continue;
        const why =
          stopped ??
          (budget && budget.left <= 0
            ? `not run: the run reached mcpLens.evals.maxTokens (${cap} tokens)`
            : 'not run: the run was cancelled');
        run.appendOutput(terminalBlock([`${t.label}: ${why}`]), undefined, t);
        this.settle(run, t, { status: 'skipped', run: number, messages: [{ message: why }], output: why }, []);
      }
    } finally {
      for (const c of cancelled) c.dispose();
      run.end();
    }
  }

  private async runFile(run: vscode.TestRun, fileItem: vscode.TestItem, tests: vscode.TestItem[], ctx: FileRunContext): Promise<void> {
    const row = this.tree.rowOf(fileItem);
    if (row?.kind !== 'file') return;
    const cases: FileCases = {
      uri: row.uri,
      byName: new Map(tests.map((t) => [(this.tree.rowOf(t) as { case: EvalCase }).case.name, t])),
      where: new Map(tests.map((t) => [t, (this.tree.rowOf(t) as { where?: CaseLocations }).where])),
    };
    const fail = (message: string, line?: number) =>
      tests.forEach((t) =>
        this.settle(run, t, { status: 'errored', run: ctx.number, messages: [{ message, ...(line ? { line } : {}) }], output: '' }, [
          testMessage(say`${message}`, new vscode.Location(row.uri, new vscode.Position((line ?? 1) - 1, 0))),
        ]),
      );
    if (row.file.problems.length)
      return fail(row.file.problems.map((p) => `line ${p.line}: ${p.message}`).join('\n'), row.file.problems[0].line);
    const source = await this.sessionsFor(row.file);
    if (typeof source === 'string') return fail(source);
    const current: Current = { afterSeq: 0, runs: [] };
    const file: EvalFile = { ...row.file, cases: row.file.cases.filter((c) => cases.byName.has(c.name)) };
    let result: EvalFileResult;
    try {
      result = await runEvalCases(
        file,
        ctx.model,
        {
          allowDestructive: false,
          callTimeoutMs: CALL_TIMEOUT_MS,
          ...(ctx.budget ? { budget: ctx.budget } : {}),
          signal: ctx.signal,
          approve: ctx.approve,
          ...this.caseHooks(run, cases, current, ctx),
        },
        tracked(source, current),
      );
    } catch (error) {
      this.log.error(`evals in ${row.uri.fsPath} could not run`, error);
      return fail(`The evals could not run: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (result.problem) return fail(result.problem);
    if (ctx.signal.aborted) return;
    // Cases that could not start (their server would not come back after a crash) are reported with why.
    for (const score of result.cases) {
      const item = cases.byName.get(score.name);
      if (item && this.outcomes.get(item.id)?.run !== ctx.number) this.report(run, item, cases.uri, cases.where.get(item), score, [], ctx);
    }
  }

  /** Each case shown as it runs: started, then its score with its turns of the conversation. */
  private caseHooks(
    run: vscode.TestRun,
    cases: FileCases,
    current: Current,
    ctx: FileRunContext,
  ): Pick<EvalRunOptions, 'onCaseStart' | 'onRun' | 'onCase'> {
    return {
      onCaseStart: (c) => {
        const item = cases.byName.get(c.name);
        if (item) run.started(item);
        current.afterSeq = current.session?.client.trace.events.at(-1)?.seq ?? 0;
        current.runs = [];
      },
      onRun: (_c, r) => current.runs.push(r),
      onCase: (raw) => {
        const item = cases.byName.get(raw.name);
        // A case the person stopped is reported as not run, not as the model's failure.
        if (!item || ctx.signal.aborted) return;
        const score = withDeclined(raw, current.runs);
        const turns = caseTurns((current.session?.client.trace.events ?? []) as TraceEvent[], raw.name, current.afterSeq);
        this.report(run, item, cases.uri, cases.where.get(item), score, transcriptLines(turns), ctx);
      },
    };
  }

  /** The sessions of a file: the editor's own session of a configured server, or one of the file's own. */
  private async sessionsFor(file: EvalFile): Promise<SessionSource | string> {
    const ref = file.server;
    if (!ref)
      return 'The eval file names no server: add "server" (a name from .vscode/mcp.json, or {"command": [...]}, or {"url": "..."}).';
    if ('name' in ref) {
      const entry = this.registry.get(ref.name);
      if (!entry) return `No server called "${ref.name}" in this workspace's MCP configuration.`;
      // The connections a case saw go away: the registry may learn of the exit a moment after the loop did.
      const gone = new WeakSet<McpClient>();
      return {
        open: async () => {
          await this.until(() => !entry.client || !gone.has(entry.client) || entry.state.kind !== 'running');
          const events = (entry.client?.trace.events ?? []) as TraceEvent[];
          if (entry.state.kind !== 'running') {
            const started = await this.registry.start(entry);
            if (!started.ok) return { problem: started.reason, events };
          }
          const client = entry.client;
          if (!client?.info) return { problem: `"${ref.name}" is not running.`, events };
          try {
            return { session: await sessionOn(client, client.info.protocolVersion), events: client.trace.events as TraceEvent[] };
          } catch (error) {
            return {
              problem: `could not list the tools of "${ref.name}": ${error instanceof Error ? error.message : String(error)}`,
              events,
            };
          }
        },
        // The person's session stays up; a crashed one is started again by the next open.
        close: async (session) => void gone.add(session.client),
      };
    }
    const options = { clientInfo: this.clientInfo, requestTimeoutMs: CALL_TIMEOUT_MS };
    const spec =
      'url' in ref
        ? { ok: true as const, spec: { url: ref.url } }
        : await serverSpecFor({ path: file.path, server: ref as ServerRef, tests: [], problems: [] });
    if (!spec.ok) return spec.message;
    return { open: () => openSession(spec.spec, options), close: (session) => ignoreClosing(session.client.close()) };
  }

  /** Resolves once `done` holds after a change of a server's state, or after 10 s. */
  private until(done: () => boolean): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        changed.dispose();
        resolve();
      };
      const timer = setTimeout(finish, 10_000);
      const changed = this.registry.onDidChange(() => done() && finish());
    });
  }

  private report(
    run: vscode.TestRun,
    item: vscode.TestItem,
    uri: vscode.Uri,
    where: CaseLocations | undefined,
    score: CaseScore,
    transcript: string[],
    ctx: { model: EvalModel; number: number; minPassRate: number },
  ): void {
    const percent = (n: number) => `${Math.round(n * 100)}%`;
    const passed = score.runs > 0 && score.passRate >= ctx.minPassRate;
    const summary = [
      `${passed ? '✓' : '✗'} ${score.name}: ${score.passes}/${score.runs} passed (${percent(score.passRate)}, 95% interval ${percent(score.interval.low)}–${percent(score.interval.high)}; needs ${percent(ctx.minPassRate)}) with ${ctx.model.id}`,
      `  tokens ${score.inputTokens} in / ${score.outputTokens} out · ${score.steps.toFixed(1)} steps · ${Math.round(score.latencyMs)} ms per repetition`,
      ...score.failures.flatMap((f) => f.messages.map((m) => `  ✗ repetition ${f.repetition}: ${m}`)),
      ...findings(score).map((f) => `  ! ${f}`),
    ];
    const output = [...transcript, ...summary].join('\n');
    // No location: VS Code would draw the output's first line beside the case in the editor.
    run.appendOutput(terminalBlock([...transcript, ...summary]), undefined, item);
    this.tree.showResult(item, `${score.passes}/${score.runs} · ${percent(score.passRate)}`);
    const duration = score.latencyMs * score.runs;
    this.remember(item, score, passed);
    if (passed) {
      run.passed(item, duration);
      this.outcomes.set(item.id, { status: 'passed', run: ctx.number, model: ctx.model.id, score, messages: [], output });
      return;
    }
    // Each distinct failure once, with the repetitions it happened in, at the expectation it broke.
    const byMessage = new Map<string, number[]>();
    for (const f of score.failures) for (const m of f.messages) byMessage.set(m, [...(byMessage.get(m) ?? []), f.repetition]);
    const messages = [...byMessage].map(([m, reps]) => {
      const place = failurePlace(m, where);
      return {
        message: `${m} (repetition${reps.length === 1 ? '' : 's'} ${reps.join(', ')} of ${score.runs})`,
        ...(place ? { line: place.line + 1, character: place.character } : {}),
      };
    });
    for (const f of findings(score))
      messages.push({ message: f, ...(where ? { line: where.name.line + 1, character: where.name.character } : {}) });
    if (messages.length === 0)
      messages.push({ message: `${score.passes} of ${score.runs} repetitions passed; the case needs ${percent(ctx.minPassRate)}` });
    const shown = messages.map((m) =>
      testMessage(say`${m.message}`, m.line ? new vscode.Location(uri, new vscode.Position(m.line - 1, m.character ?? 0)) : undefined),
    );
    run.failed(item, shown, duration);
    this.outcomes.set(item.id, {
      status: 'failed',
      run: ctx.number,
      model: ctx.model.id,
      score,
      messages: messages.map((m) => ({ message: m.message, ...(m.line ? { line: m.line } : {}) })),
      output,
    });
  }

  /** The tool lens's numbers: a case of a file that names a configured server, by that server. */
  private remember(item: vscode.TestItem, score: CaseScore, passed: boolean): void {
    const row = this.tree.rowOf(item);
    if (row?.kind !== 'case' || !row.file.server || !('name' in row.file.server)) return;
    const entry = this.registry.get(row.file.server.name);
    if (!entry) return;
    const result = {
      id: item.id,
      file: vscode.workspace.asRelativePath(row.uri),
      name: row.case.name,
      tools: toolsNamed(row.case.expect),
      passed,
      passes: score.passes,
      runs: score.runs,
      at: Date.now(),
    };
    this.scores
      .record(entry.key, result)
      .catch((error: unknown) => this.log.error('the eval scores could not be saved in the workspace state', error));
  }

  private settle(run: vscode.TestRun, item: vscode.TestItem, outcome: EvalOutcome, messages: vscode.TestMessage[]): void {
    if (outcome.status === 'skipped') run.skipped(item);
    else run.errored(item, messages);
    this.outcomes.set(item.id, outcome);
  }
}

/** What the model made up or broke, as `mcp-lens eval` names it. */
function findings(score: CaseScore): string[] {
  return [
    ...score.hallucinatedTools.map((t) => `hallucinated tool: ${t} (not offered by the server)`),
    ...score.hallucinatedArgs.map((a) => `hallucinated argument: ${a} (not in the tool's inputSchema)`),
    ...(score.schemaBreaking
      ? [
          `${score.schemaBreaking} of ${score.offeredCalls} call${score.offeredCalls === 1 ? '' : 's'} sent arguments the tool's inputSchema refuses`,
        ]
      : []),
  ];
}
