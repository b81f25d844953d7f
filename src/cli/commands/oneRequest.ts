import type { Diagnostic } from '../../core/diagnose/diagnostic';
import { diagnose } from '../../core/diagnose/engine';
import { ProtocolError, type McpClient } from '../../core/session/client';
import { diagnosticLines } from '../diagnosticLines';
import { failsOn, type FailOn } from '../failOn';
import type { Output } from '../output';
import { buildReport } from '../report';
import type { ServerTarget } from '../serverTarget';
import type { Style } from '../style';
import type { AnswerFlags } from '../answerFlags';
import type { InputRound } from '../../core/session/client';
import { openTerminal } from '../terminal';
import { cliAnswerers } from './serverAsks';
import { describeError, errorStack } from '../../core/session/errors';
import { createClient } from './session';
import { ignoreClosing } from '../../core/util/ignored';

export interface OneRequest extends AnswerFlags {
  server: ServerTarget;
  json: boolean;
  timeoutMs: number;
  failOn: FailOn;
  /** What the messages call it: `resources/read file:///a.txt`. */
  label: string;
  method: string;
  params: Record<string, unknown>;
  /** The result as a person reads it. */
  lines(result: Record<string, unknown>, style: Style): string[];
  /** What a JSON-RPC error code means for this request in the era spoken (resources/read's not found). */
  explain?(code: number, era: 'modern' | 'legacy'): string | undefined;
  /** Judges the result while the session is still open (read: an empty read of an unknown URI), recording findings in the trace. */
  judge?(client: McpClient, result: Record<string, unknown>, timeoutMs: number): Promise<void>;
}

/** The flags every one-request command shares: where the server is, how to report, how to answer its asks. */
export type RequestFlags = Pick<OneRequest, 'server' | 'json' | 'timeoutMs' | 'failOn' | keyof AnswerFlags>;

export function requestFlags(args: RequestFlags): RequestFlags {
  const { server, json, timeoutMs, failOn, elicit, sample, roots } = args;
  return { server, json, timeoutMs, failOn, elicit, sample, roots };
}

type Outcome =
  | { kind: 'ok'; result: Record<string, unknown> }
  | { kind: 'protocol-error'; error: ProtocolError }
  | { kind: 'failed'; stage: 'connect' | 'request'; message: string };

/**
 * `mcp-lens read` and `mcp-lens prompt`: connect, send one request, print its result on
 * stdout (or the JSON report), the diagnostics on stderr. Exit 0 only for a result with no
 * diagnostic at or above `--fail-on`.
 */
export async function runOneRequest(req: OneRequest, io: Output): Promise<number> {
  const e = io.errStyle;
  const terminal = openTerminal();
  const client = createClient(req.server, req.timeoutMs, cliAnswerers(req, io, terminal));
  const inputRounds: InputRound[] = [];
  client.onInputRound((r) => inputRounds.push(r));
  let outcome: Outcome;
  try {
    await client.connect();
    try {
      outcome = { kind: 'ok', result: await client.request(req.method, req.params) };
      // The result stands whatever the judge makes of it; a judge that breaks is a bug to see, not a verdict.
      await req
        .judge?.(client, outcome.result, req.timeoutMs)
        .catch((error: unknown) => io.err(e.yellow(`mcp-lens: the result could not be judged: ${errorStack(error)}`)));
    } catch (error) {
      outcome =
        error instanceof ProtocolError
          ? { kind: 'protocol-error', error }
          : { kind: 'failed', stage: 'request', message: describeError(error) };
    }
  } catch (error) {
    outcome = { kind: 'failed', stage: 'connect', message: describeError(error) };
  } finally {
    terminal?.close();
    await ignoreClosing(client.close());
  }
  const events = client.trace.events;
  const diagnostics = diagnose(events);
  if (req.json) {
    const value =
      outcome.kind === 'ok'
        ? outcome.result
        : outcome.kind === 'protocol-error'
          ? { error: { code: outcome.error.code, message: outcome.error.message, data: outcome.error.data } }
          : { failed: outcome.message };
    io.out(JSON.stringify(buildReport(req.server, events, diagnostics, { value }, inputRounds)));
    return exitCode(outcome, diagnostics, req.failOn);
  }
  switch (outcome.kind) {
    case 'ok':
      io.out(req.lines(outcome.result, io.outStyle).join('\n'));
      break;
    case 'protocol-error': {
      const { code, message, data } = outcome.error;
      io.err(e.red(`${req.label}: the server answered with an error: ${code} ${message}`));
      if (data !== undefined) io.err(e.dim(`  data: ${JSON.stringify(data)}`));
      const explanation = req.explain?.(code, client.info?.era ?? 'legacy');
      if (explanation) io.err(e.dim(`  ${explanation}`));
      break;
    }
    case 'failed':
      io.err(
        e.red(
          `${req.label}: ${outcome.stage === 'connect' ? 'could not connect to the server' : 'the request failed'}: ${outcome.message}`,
        ),
      );
      break;
  }
  const worth = diagnostics.filter((d) => d.severity !== 'info' || outcome.kind === 'failed');
  if (worth.length > 0) io.err(diagnosticLines(worth, e).join('\n'));
  return exitCode(outcome, diagnostics, req.failOn);
}

function exitCode(outcome: Outcome, diagnostics: readonly Diagnostic[], failOn: FailOn): number {
  return outcome.kind === 'ok' && !failsOn(diagnostics, failOn) ? 0 : 1;
}
