/**
 * "Send Raw Message…": a line typed by hand, as in a terminal. Checked as JSON before it is
 * sent (a typo is not worth a -32700), prefilled with the era's `_meta`, and the reply with
 * the same id is awaited on the trace.
 */
import type { McpClient, ServerInfo } from '../../core/session/client';
import { rawExchange } from '../../core/session/rawExchange';
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_PROTOCOL_VERSION } from '../../core/session/protocol';

/** A request ready to edit: every 2026-07-28 request carries protocol version, capabilities and client info in `_meta`. */
export function rawMessageTemplate(info: ServerInfo | undefined, clientInfo: { name: string; version: string }): string {
  const message: Record<string, unknown> = { jsonrpc: '2.0', id: 'raw-1', method: 'tools/list' };
  if (info?.era === 'modern') {
    message.params = {
      _meta: { [META_PROTOCOL_VERSION]: info.protocolVersion, [META_CLIENT_CAPABILITIES]: {}, [META_CLIENT_INFO]: clientInfo },
    };
  } else {
    message.params = {};
  }
  return JSON.stringify(message);
}

/** An error message for the input box, or undefined when the line can be sent. */
export function validateRawLine(line: string): string | undefined {
  if (line.trim() === '') return 'Type one JSON-RPC message';
  if (/[\r\n]/.test(line)) return 'stdio messages are one line: remove the line breaks';
  try {
    JSON.parse(line);
  } catch (error) {
    return `Not JSON: ${(error as Error).message}`;
  }
  return undefined;
}

export type RawReply = { kind: 'reply'; raw: string; message: unknown; summary: string } | { kind: 'noReply'; summary: string };

/** Sends the line; resolves with the server's response to its id, if it has one and answers in time. */
export async function sendRawAndWait(client: McpClient, line: string, timeoutMs: number): Promise<RawReply> {
  const parsed = JSON.parse(line) as Record<string, unknown>;
  const id = parsed && typeof parsed === 'object' && !Array.isArray(parsed) && 'method' in parsed ? parsed.id : undefined;
  if (id === undefined || id === null) {
    await client.sendRaw(line);
    return { kind: 'noReply', summary: 'It has no id, so no reply is expected; the Messages view and the log show what follows.' };
  }
  const answer = await rawExchange(client, line, id, timeoutMs);
  const response = answer.response;
  if (response) {
    const error = response.msg.error as { code?: number; message?: string } | undefined;
    return {
      kind: 'reply',
      raw: response.raw,
      message: response.msg,
      summary: error ? `error ${error.code} ${error.message ?? ''}`.trim() : 'result',
    };
  }
  return answer.closed
    ? { kind: 'noReply', summary: `The connection closed before a reply with id ${JSON.stringify(id)}.` }
    : { kind: 'noReply', summary: `No reply with id ${JSON.stringify(id)} within ${timeoutMs} ms.` };
}
