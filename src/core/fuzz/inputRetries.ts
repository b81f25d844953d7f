/**
 * What only a tool call reaches in 2026-07-28: a tool that answers input_required gets its
 * answer back from the client, with the requestState the server chose. The client is not
 * trusted: SEP-2322 says servers "MUST reject state that fails integrity verification", and
 * on inputResponses that lack what was asked the server "SHOULD respond with a new
 * InputRequiredResult re-requesting the missing information". So fuzz answers twice on
 * purpose, wrongly — once with the requestState altered, once with a response under a key
 * the server never asked — and a complete, successful result to either is a finding
 * (input-retry-accepted, from the note left in the trace). A JSON-RPC error, an isError
 * result or a new input_required is the server refusing, as it should.
 *
 * (The suite also sends a number where a response object belongs; MCP Lens does not: that
 * message would break the schema on MCP Lens's side, and the trace would blame the client.)
 */
import type { McpClient, RequestOptions } from '../session/client';
import { isRecord } from '../schema/isRecord';
import type { TraceEvent } from '../trace/event';
import { isRequest, isResponse } from '../wire/message';

export type WrongRetry = 'tampered-state' | 'missing-response';

/** Appended to the server's requestState: what the official suite appends too. */
export const TAMPER_SUFFIX = '-TAMPERED';
/** A key the server never asked for, standing where its own keys' answers should be. */
export const UNASKED_KEY = 'mcp-lens-not-asked';

export async function sendWrongRetries(
  client: McpClient,
  name: string,
  args: Record<string, unknown>,
  asked: Record<string, unknown>,
  opts: RequestOptions,
): Promise<void> {
  const state = typeof asked.requestState === 'string' ? asked.requestState : undefined;
  const requests = isRecord(asked.inputRequests) ? asked.inputRequests : {};
  const honest = plausibleResponses(requests);
  if (state !== undefined)
    await retry(
      client,
      'tampered-state',
      name,
      { name, arguments: args, inputResponses: honest, requestState: `${state}${TAMPER_SUFFIX}` },
      opts,
    );
  if (Object.keys(requests).length > 0) {
    await retry(
      client,
      'missing-response',
      name,
      {
        name,
        arguments: args,
        inputResponses: { [UNASKED_KEY]: { action: 'accept', content: {} } },
        ...(state !== undefined ? { requestState: state } : {}),
      },
      opts,
    );
  }
}

async function retry(
  client: McpClient,
  kind: WrongRetry,
  tool: string,
  params: Record<string, unknown>,
  opts: RequestOptions,
): Promise<void> {
  let id: number | undefined;
  let result: Record<string, unknown>;
  try {
    result = await client.requestRound('tools/call', params, { ...opts, onId: (n) => (id = n) });
  } catch {
    // Refused with a JSON-RPC error (or no answer at all, which the timeout rule reports).
    return;
  }
  if (result.resultType === 'input_required' || result.isError === true) return;
  const request = lastEvent(client.trace.events, (e) => e.dir === 'c2s' && isRequest(e.msg) && e.msg.id === id);
  const response = lastEvent(client.trace.events, (e) => e.dir === 's2c' && isResponse(e.msg) && e.msg.id === id);
  client.trace.append({
    dir: 'meta',
    kind: 'note',
    raw: `${kind === 'tampered-state' ? 'a tampered requestState' : 'an input response under a key never asked'} was answered with a complete result`,
    info: { reason: 'input-retry-accepted', retry: kind, tool, request: request?.seq, response: response?.seq },
  });
}

function lastEvent(events: readonly TraceEvent[], match: (e: TraceEvent) => boolean): TraceEvent | undefined {
  for (let i = events.length - 1; i >= 0; i--) if (match(events[i]!)) return events[i];
  return undefined;
}

/** An answer of the right shape for each ask, as a client that says yes would send it. */
function plausibleResponses(requests: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, request] of Object.entries(requests)) {
    const method = isRecord(request) ? request.method : undefined;
    const params = isRecord(request) && isRecord(request.params) ? request.params : {};
    if (method === 'sampling/createMessage')
      out[key] = { role: 'assistant', content: { type: 'text', text: 'mcp-lens' }, model: 'mcp-lens' };
    else if (method === 'roots/list') out[key] = { roots: [] };
    else out[key] = params.mode === 'url' ? { action: 'accept' } : { action: 'accept', content: formDefaults(params.requestedSchema) };
  }
  return out;
}

/** A value for each field of an elicitation form: its default, else the first enum value, else an empty one of its type. */
function formDefaults(schema: unknown): Record<string, unknown> {
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(properties)) {
    if (!isRecord(field)) continue;
    if (field.default !== undefined) out[key] = field.default;
    else if (Array.isArray(field.enum) && field.enum.length) out[key] = field.enum[0];
    else if (field.type === 'boolean') out[key] = true;
    else if (field.type === 'number' || field.type === 'integer') out[key] = typeof field.minimum === 'number' ? field.minimum : 0;
    else if (field.type === 'array') out[key] = [];
    else out[key] = 'mcp-lens';
  }
  return out;
}
