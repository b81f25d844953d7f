import { isAppOnly, modelTools } from '../apps/toolVisibility';
import type { Diagnostic } from '../diagnose/diagnostic';
import { exitSentence, exitStory } from '../diagnose/exitStory';
import { validateArguments } from '../schema/argsValidator';
import { ConnectionClosedError, ProtocolError, RequestCancelledError, RequestTimeoutError, type McpClient } from '../session/client';
import type { TraceEvent } from '../trace/event';
import type { Trace } from '../trace/trace';
import { AgentInputError, bounded, line } from './bounds';
import { diagnosticsText, diagnosticsWithin } from './diagnosticsText';
import { eventLine } from './eventText';
import { resultText } from './resultText';

/** A running server an agent calls: its connection, its trace and what is known of it. */
export interface CallTarget {
  name: string;
  client: McpClient;
  trace: Trace;
  /** The diagnostics of the run so far (live, or computed from the trace). */
  diagnostics(): readonly Diagnostic[];
  /** The listed tools, when the list is known. */
  tools: readonly Record<string, unknown>[] | undefined;
  protocolVersion?: string;
}

export interface AgentCallOutcome {
  /** The whole answer for the model. */
  text: string;
  /** The call reached the tool and the tool did not report isError. */
  ok: boolean;
}

/** A call's own messages shown in full up to this many; beyond, its head and tail. */
const CALL_EVENTS_HEAD = 10;
const CALL_EVENTS_TAIL = 30;

/** The tool arguments an agent passed, checked: a JSON object (tools/call "arguments"). */
export function toolArguments(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value === 'string') {
    // Some agents send the object as a JSON string; accept it when it is one.
    try {
      return toolArguments(JSON.parse(value));
    } catch (error) {
      if (error instanceof AgentInputError) throw error;
      throw new AgentInputError(`"arguments" must be a JSON object; the string given is not JSON: ${(error as Error).message}`);
    }
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new AgentInputError(
      `"arguments" must be a JSON object such as {"city":"Paris"}, got ${Array.isArray(value) ? 'an array' : typeof value}.`,
    );
  }
  return value as Record<string, unknown>;
}

/**
 * One tools/call for an agent: the result (or the error that kept it from the tool), its
 * latency, every message and stderr line of the call, and the diagnostics it raised.
 * `timeoutMs` bounds the call however much progress the server reports.
 */
export async function agentCall(
  target: CallTarget,
  tool: string,
  args: Record<string, unknown>,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<AgentCallOutcome> {
  const listed = target.tools?.find((t) => t.name === tool);
  if (listed && isAppOnly(listed)) {
    throw new AgentInputError(
      `${JSON.stringify(tool)} of "${target.name}" is an app-only tool (_meta.ui.visibility without "model"): hosts let only its MCP App call it, never a model.`,
    );
  }
  if (target.tools && !listed) {
    const offered = modelTools(target.tools).map((t) => String(t.name));
    throw new AgentInputError(
      `"${target.name}" offers no tool named ${JSON.stringify(tool)}. It offers: ${offered.length ? offered.map((n) => line(n, 80)).join(', ') : 'no tools'}.`,
    );
  }
  const notes: string[] = [];
  if (listed) {
    const checked = validateArguments(listed.inputSchema ?? { type: 'object' }, args, { protocolVersion: target.protocolVersion });
    if (!checked.valid)
      notes.push(
        `note: the arguments do not match the tool's inputSchema (sent anyway): ${checked.errors.map((e) => `${e.path || '/'} ${e.message}`).join('; ')}`,
      );
  }
  const from = target.trace.count + 1;
  const started = Date.now();
  let head: string;
  let body: string | undefined;
  let ok = false;
  try {
    const result = await target.client.callTool(tool, args, {
      timeoutMs: options.timeoutMs,
      maxTimeoutMs: options.timeoutMs,
      signal: options.signal,
    });
    const ms = Date.now() - started;
    const isError = result.isError === true;
    ok = !isError;
    head = `${tool}: ${isError ? 'the tool ran and reported an error (isError: true)' : 'result (isError: false)'} in ${ms} ms`;
    body = resultText(result);
  } catch (error) {
    head = `${tool}: ${failure(error, options.timeoutMs, target.trace.events)} after ${Date.now() - started} ms`;
  }
  const to = target.trace.count;
  const events = target.trace.events.filter((e) => e.seq >= from && e.seq <= to);
  const raised = diagnosticsWithin(target.diagnostics(), from, to);
  const sections = [head, ...notes];
  if (body !== undefined) sections.push(`content:\n${body}`);
  sections.push(`messages of this call (#${from}–#${to}):\n${callEvents(events)}`);
  sections.push(
    raised.length
      ? `diagnostics raised by this call:\n${diagnosticsText(raised, (seq) => target.trace.event(seq))}`
      : 'diagnostics raised by this call: none',
  );
  return { text: bounded(sections.join('\n\n')), ok };
}

function failure(error: unknown, timeoutMs: number, events: readonly TraceEvent[]): string {
  if (error instanceof ProtocolError)
    return `JSON-RPC error ${error.code} ${JSON.stringify(line(error.message, 300))}${error.data !== undefined ? ` data: ${line(JSON.stringify(error.data), 300)}` : ''} (the request never reached the tool, or the server failed it)`;
  if (error instanceof RequestTimeoutError)
    return `no answer within ${timeoutMs} ms: the call was cancelled (notifications/cancelled sent)`;
  if (error instanceof RequestCancelledError) return 'cancelled by the caller';
  if (error instanceof ConnectionClosedError) {
    // The exit as every surface tells it, with the stderr line that says why; a connection with no process has no story.
    const story = exitStory(events);
    return story
      ? line(`the server ${exitSentence(story, 'before answering')}`, 300)
      : line(error.message.charAt(0).toLowerCase() + error.message.slice(1), 300);
  }
  return `the call failed: ${line(error instanceof Error ? error.message : String(error), 300)}`;
}

function callEvents(events: readonly TraceEvent[]): string {
  if (events.length <= CALL_EVENTS_HEAD + CALL_EVENTS_TAIL) return events.map(eventLine).join('\n') || '(none)';
  const left = events.length - CALL_EVENTS_HEAD - CALL_EVENTS_TAIL;
  return [
    ...events.slice(0, CALL_EVENTS_HEAD).map(eventLine),
    `… ${left} events left out …`,
    ...events.slice(-CALL_EVENTS_TAIL).map(eventLine),
  ].join('\n');
}
