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
import type { InputRound, TaskState } from '../../core/session/client';
import { serverRunsToolTasks, toolTaskSupport } from '../../core/session/tasks';
import { openTerminal } from '../terminal';
import { cliAnswerers } from './serverAsks';
import { createClient, describeFailure } from './session';
import { ignoreClosing } from '../../core/util/ignored';

type Outcome =
  | { kind: 'ok'; result: Record<string, unknown> }
  | { kind: 'tool-error'; result: Record<string, unknown> }
  | { kind: 'protocol-error'; error: ProtocolError }
  | { kind: 'failed'; stage: 'connect' | 'call'; message: string };

/**
 * `mcp-lens call`: one tools/call with a progressToken. The two error channels stay apart:
 * an isError result is the tool's own failure (the model reads it); a JSON-RPC error means
 * the request never reached the tool. Exit 0 only for a successful, non-isError result
 * with no error-severity diagnostic (e.g. structuredContent against its outputSchema).
 */
export async function runCall(args: CallArgs, io: Output): Promise<number> {
  const e = io.errStyle;
  const terminal = openTerminal();
  const client = createClient(args.server, args.timeoutMs, cliAnswerers(args, io, terminal));
  const inputRounds: InputRound[] = [];
  client.onInputRound((r) => inputRounds.push(r));
  let outcome: Outcome;
  let offered: string[] | undefined;
  let task: TaskState | undefined;
  try {
    await client.connect();
    // The tool list first: its outputSchema is what structuredContent is checked against,
    // and its names are what a mistyped tool name is compared with.
    const tools = await client.listAll('tools/list').catch((error: unknown) => {
      io.err(e.yellow(`mcp-lens: tools/list failed (${describeError(error)}): the result is not checked against the tool's outputSchema`));
      return undefined;
    });
    offered = tools?.map((t) => String(t.name));
    // "required": the tool cannot run any other way, so it runs as a task even without --task.
    const required = toolTaskSupport(tools?.find((t) => t.name === args.tool)) === 'required' && serverRunsToolTasks(client.info?.capabilities);
    try {
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
      const result =
        args.task || required
          ? await client.callToolAsTask(args.tool, args.toolArgs, { onProgress, onStatus }).then((r) => {
              task = r.task;
              return r.result;
            })
          : await client.callTool(args.tool, args.toolArgs, { onProgress });
      outcome = result.isError === true ? { kind: 'tool-error', result } : { kind: 'ok', result };
    } catch (error) {
      outcome =
        error instanceof ProtocolError
          ? { kind: 'protocol-error', error }
          : { kind: 'failed', stage: 'call', message: describeFailure(client, error) };
    }
  } catch (error) {
    outcome = { kind: 'failed', stage: 'connect', message: describeFailure(client, error) };
  } finally {
    terminal?.close();
    await ignoreClosing(client.close());
  }
  const events = client.trace.events;
  const diagnostics = diagnose(events);
  if (args.json) {
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
    return exitCode(outcome, diagnostics, args.failOn);
  }
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
    case 'failed':
      io.err(e.red(`${args.tool}: ${outcome.stage === 'connect' ? 'could not connect to the server' : 'the call failed'}: ${outcome.message}`));
      break;
  }
  // The server's other faults (stray stdout, schema violations…) matter even when the call worked.
  const worth = diagnostics.filter((d) => d.severity !== 'info' || outcome.kind === 'failed');
  if (worth.length > 0) io.err(diagnosticLines(worth, e).join('\n'));
  return exitCode(outcome, diagnostics, args.failOn);
}

/** 0 only for a result the tool meant as success with no diagnostic at or above `failOn`. */
function exitCode(outcome: Outcome, diagnostics: readonly Diagnostic[], failOn: FailOn): number {
  return outcome.kind === 'ok' && !failsOn(diagnostics, failOn) ? 0 : 1;
}
