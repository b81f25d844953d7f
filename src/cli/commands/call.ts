import { describeError } from '../../core/session/errors';
import { diagnose } from '../../core/diagnose/engine';
import { ProtocolError } from '../../core/session/client';
import type { CallArgs } from './callArgs';
import type { Diagnostic } from '../../core/diagnose/diagnostic';
import { diagnosticLines } from '../diagnosticLines';
import { failsOn, type FailOn } from '../failOn';
import type { Output } from '../output';
import { buildReport } from '../report';
import { resultLines } from '../resultLines';
import type { InputRound, McpClient, TaskState } from '../../core/session/client';
import { serverRunsToolTasks, toolTaskSupport, whyNotATask } from '../../core/session/tasks';
import { openTerminal } from '../terminal';
import { cliAnswerers } from './serverAsks';
import { createClient, describeFailure } from './session';
import { ignoreClosing } from '../../core/util/ignored';
import type { TraceEvent } from '../../core/trace/event';

type Outcome =
  | { kind: 'ok'; result: Record<string, unknown> }
  | { kind: 'tool-error'; result: Record<string, unknown> }
  | { kind: 'protocol-error'; error: ProtocolError }
  | { kind: 'failed'; stage: 'connect' | 'call'; message: string }
  /** Not sent: the spec forbids the call asked for (a task of a tool that does not run as one). */
  | { kind: 'not-sent'; message: string };

/** What one call came to: its outcome, the tool names the server offered, and the task it ran as (if it did). */
interface CallRun {
  outcome: Outcome;
  offered?: string[];
  task?: TaskState;
}

/**
 * `mcp-lens call`: one tools/call with a progressToken. The two error channels stay apart:
 * an isError result is the tool's own failure (the model reads it); a JSON-RPC error means
 * the request never reached the tool. Exit 0 only for a successful, non-isError result
 * with no error-severity diagnostic (e.g. structuredContent against its outputSchema).
 */
export async function runCall(args: CallArgs, io: Output): Promise<number> {
  const terminal = openTerminal();
  const client = createClient(args.server, args.timeoutMs, cliAnswerers(args, io, terminal));
  const inputRounds: InputRound[] = [];
  client.onInputRound((r) => inputRounds.push(r));
  let run: CallRun;
  try {
    run = await connectAndCall(client, args, io);
  } finally {
    terminal?.close();
    await ignoreClosing(client.close());
  }
  const events = client.trace.events;
  const diagnostics = diagnose(events);
  if (args.json) printReport(args, io, run, events, diagnostics, inputRounds);
  else printOutcome(args, io, run, diagnostics);
  return exitCode(run.outcome, diagnostics, args.failOn);
}

/** Connect, list the tools, then call the one asked for (as a task when asked, or when it cannot run otherwise). */
async function connectAndCall(client: McpClient, args: CallArgs, io: Output): Promise<CallRun> {
  try {
    await client.connect();
    // The tool list first: its outputSchema is what structuredContent is checked against,
    // and its names are what a mistyped tool name is compared with.
    const tools = await client.listAll('tools/list').catch((error: unknown) => {
      io.err(
        io.errStyle.yellow(
          `mcp-lens: tools/list failed (${describeError(error)}): the result is not checked against the tool's outputSchema`,
        ),
      );
      return undefined;
    });
    const offered = tools?.map((t) => String(t.name));
    const tool = tools?.find((t) => t.name === args.tool);
    const notATask = args.task && tool && client.info?.era === 'legacy' ? whyNotATask(client.info.capabilities, tool) : undefined;
    if (notATask) return { offered, outcome: { kind: 'not-sent', message: notATask } };
    // "required": the tool cannot run any other way, so it runs as a task even without --task.
    const required = toolTaskSupport(tool) === 'required' && serverRunsToolTasks(client.info?.capabilities);
    return { offered, ...(await callTool(client, args, io, args.task || required)) };
  } catch (error) {
    return { outcome: { kind: 'failed', stage: 'connect', message: describeFailure(client, error) } };
  }
}

/** tools/call (or the task that runs it), its progress and task statuses on stderr; a failure becomes an outcome. */
async function callTool(client: McpClient, args: CallArgs, io: Output, asTask: boolean): Promise<Omit<CallRun, 'offered'>> {
  const e = io.errStyle;
  const onProgress = (p: { progress: number; total?: number; message?: string }) => {
    const total = p.total !== undefined ? `/${p.total}` : '';
    io.err(e.dim(`progress ${p.progress}${total}${p.message ? ` ${p.message}` : ''}`));
  };
  let lastStatus = '';
  const onStatus = (t: TaskState) => {
    const line = `task ${t.taskId}: ${t.status}${t.statusMessage ? ` — ${t.statusMessage}` : ''}`;
    if (line !== lastStatus) io.err(e.dim(line));
    lastStatus = line;
  };
  try {
    if (asTask) {
      const { result, task } = await client.callToolAsTask(args.tool, args.toolArgs, { onProgress, onStatus });
      return { outcome: resultOutcome(result), task };
    }
    return { outcome: resultOutcome(await client.callTool(args.tool, args.toolArgs, { onProgress })) };
  } catch (error) {
    return {
      outcome:
        error instanceof ProtocolError
          ? { kind: 'protocol-error', error }
          : { kind: 'failed', stage: 'call', message: describeFailure(client, error) },
    };
  }
}

function resultOutcome(result: Record<string, unknown>): Outcome {
  return result.isError === true ? { kind: 'tool-error', result } : { kind: 'ok', result };
}

/** `--json`: the check report with the call's value (its result, its JSON-RPC error, or the failure) and the task. */
function printReport(
  args: CallArgs,
  io: Output,
  run: CallRun,
  events: readonly TraceEvent[],
  diagnostics: Diagnostic[],
  inputRounds: InputRound[],
): void {
  const { outcome, task } = run;
  const value =
    outcome.kind === 'ok' || outcome.kind === 'tool-error'
      ? outcome.result
      : outcome.kind === 'protocol-error'
        ? { error: { code: outcome.error.code, message: outcome.error.message, data: outcome.error.data } }
        : { failed: outcome.message };
  const report = buildReport(args.server, events, diagnostics, { value }, inputRounds);
  // `task` sits with `result`, before the diagnostics and the events (the report's key order is a contract).
  const { diagnostics: found, events: trace, ...head } = report;
  io.out(JSON.stringify(task ? { ...head, task, diagnostics: found, events: trace } : report));
}

/** The result on stdout; which channel failed, and the server's other faults, on stderr. */
function printOutcome(args: CallArgs, io: Output, run: CallRun, diagnostics: readonly Diagnostic[]): void {
  const e = io.errStyle;
  const { outcome, offered } = run;
  switch (outcome.kind) {
    case 'ok':
      io.out(resultLines(outcome.result, io.outStyle).join('\n'));
      break;
    case 'tool-error':
      io.err(e.yellow(`${args.tool}: the tool ran and failed (isError) — this is what the model reads:`));
      io.out(resultLines(outcome.result, io.outStyle).join('\n'));
      break;
    case 'protocol-error': {
      const { code, message, data } = outcome.error;
      io.err(e.red(`${args.tool}: the request never reached the tool: ${code} ${message}`));
      if (data !== undefined) io.err(e.dim(`  data: ${JSON.stringify(data)}`));
      if (offered && !offered.includes(args.tool)) io.err(e.dim(`  tools offered: ${offered.join(', ') || 'none'}`));
      break;
    }
    case 'not-sent':
      io.err(e.red(`${args.tool}: not called as a task: ${outcome.message}`));
      break;
    case 'failed':
      io.err(
        e.red(`${args.tool}: ${outcome.stage === 'connect' ? 'could not connect to the server' : 'the call failed'}: ${outcome.message}`),
      );
      break;
  }
  // The server's other faults (stray stdout, schema violations…) matter even when the call worked.
  const worth = diagnostics.filter((d) => d.severity !== 'info' || outcome.kind === 'failed');
  if (worth.length > 0) io.err(diagnosticLines(worth, e).join('\n'));
}

/** 0 only for a result the tool meant as success with no diagnostic at or above `failOn`. */
function exitCode(outcome: Outcome, diagnostics: readonly Diagnostic[], failOn: FailOn): number {
  return outcome.kind === 'ok' && !failsOn(diagnostics, failOn) ? 0 : 1;
}
