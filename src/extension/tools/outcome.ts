/**
 * Turns what McpClient.callTool settled with into a CallOutcome, and says it in a few
 * characters for the code lens. Pure (no `vscode`): unit-tested in plain node.
 */
import { LATENCY_MEANING } from '../../core/trace/latency';
import { validateArguments } from '../../core/schema/argsValidator';
import {
  ConnectionClosedError,
  InvalidResultError,
  ProtocolError,
  RejectedToolError,
  RequestCancelledError,
  RequestTimeoutError,
} from '../../core/session/client';
import { TaskFailedError } from '../../core/session/tasksModern';
import type { CallOutcome, OutputCheck } from './protocol';

/** A result (or the error it rejected with) after `ms` milliseconds. */
export function outcomeOf(
  settled: { result: Record<string, unknown> } | { error: unknown },
  ms: number,
  outputSchema?: unknown,
  protocolVersion?: string,
): CallOutcome {
  if ('result' in settled) {
    const result = settled.result;
    const isError = result.isError === true;
    const output = isError || outputSchema === undefined ? undefined : checkOutput(outputSchema, result.structuredContent, protocolVersion);
    return output ? { kind: 'result', ms, result, isError, output } : { kind: 'result', ms, result, isError };
  }
  const error = settled.error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ProtocolError)
    return error.data === undefined
      ? { kind: 'protocolError', ms, code: error.code, message }
      : { kind: 'protocolError', ms, code: error.code, message, data: error.data };
  // A 2026-07-28 task that failed carries the JSON-RPC error the request would have had.
  if (error instanceof TaskFailedError)
    return error.code === undefined
      ? { kind: 'invalidResult', ms, message, result: {} }
      : { kind: 'protocolError', ms, code: error.code, message, ...(error.data === undefined ? {} : { data: error.data }) };
  if (error instanceof RequestTimeoutError) return { kind: 'timeout', ms, message };
  if (error instanceof RequestCancelledError) return { kind: 'cancelled', ms, message };
  if (error instanceof ConnectionClosedError) return { kind: 'closed', ms, message };
  if (error instanceof InvalidResultError) return { kind: 'invalidResult', ms, message, result: error.result };
  // The client refused the tool (an invalid definition): nothing went to the server.
  if (error instanceof RejectedToolError) return { kind: 'notSent', message };
  return { kind: 'closed', ms, message };
}

/** "a tool with an output schema … MUST provide structured results that conform to this schema". */
export function checkOutput(outputSchema: unknown, structured: unknown, protocolVersion?: string): OutputCheck {
  if (structured === undefined)
    return {
      valid: false,
      errors: [{ path: '', message: 'The tool declares an outputSchema but the result has no structuredContent' }],
      missing: true,
    };
  const checked = validateArguments(outputSchema, structured, { protocolVersion });
  return { valid: checked.valid, errors: checked.errors };
}

/** The lens text after a run: `✓ 31 ms`, `isError 12 ms`, `-32602 8 ms`. */
export function outcomeLabel(outcome: CallOutcome): string {
  switch (outcome.kind) {
    case 'result':
      if (outcome.isError) return `isError ${outcome.ms} ms`;
      return outcome.output && !outcome.output.valid ? `✓ ${outcome.ms} ms · output ≠ outputSchema` : `✓ ${outcome.ms} ms`;
    case 'protocolError':
      return `${outcome.code} ${outcome.ms} ms`;
    case 'timeout':
      return `timeout ${outcome.ms} ms`;
    case 'cancelled':
      return `cancelled ${outcome.ms} ms`;
    case 'closed':
      return 'server exited before answering';
    case 'invalidResult':
      return `invalid result ${outcome.ms} ms`;
    case 'notSent':
      return 'not sent';
  }
}

/** One sentence for a tooltip or a notification. */
export function outcomeSentence(outcome: CallOutcome): string {
  switch (outcome.kind) {
    case 'result':
      return outcome.isError
        ? `The tool ran and failed (isError) in ${outcome.ms} ms — this is what the model reads. ${LATENCY_MEANING}`
        : `The tool answered in ${outcome.ms} ms. ${LATENCY_MEANING}`;
    case 'protocolError':
      return `The request never reached the tool: JSON-RPC ${outcome.code} ${outcome.message}`;
    case 'timeout':
      return `No answer: ${outcome.message}. MCP Lens sent notifications/cancelled.`;
    case 'cancelled':
      return `Cancelled: ${outcome.message}`;
    case 'closed':
      return `The connection closed: ${outcome.message}`;
    case 'invalidResult':
      return outcome.message;
    case 'notSent':
      return outcome.message;
  }
}
