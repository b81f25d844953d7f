import { exitFacts, exitSentence } from '../core/diagnose/exitStory';
import type { Hover, Position } from 'vscode-languageserver';
import { capabilityFor, declares } from '../core/diagnose/capabilities';
import { md, mdCode, mdJoin, type Md, ourMarkdown, toMarkup } from '../core/text';
import type { TraceEvent } from '../core/trace/event';
import { isNotification, isRequest, isResponse, type JsonRpcResponse } from '../core/wire/message';
import type { Analysis } from './analysis';
import { direction, formatMs, latency, outcome, requestLabel, summary } from './describe';
import { codeRange, ERROR_CODES, IS_ERROR_TEXT } from './errorCodes';
import type { Exchange } from './exchanges';
import type { Located } from './located';
import { describeMethod } from './methods';
import { wordAt } from './wordAt';

/** Explains what is under the cursor: an error code, `isError`, a method, or else the line's message kind. */
export function hover(analysis: Analysis, position: Position): Hover | null {
  const item = analysis.at(position.line);
  if (item === undefined) return null;
  const word = wordAt(analysis.lineText(position.line), position.character);
  const range = word && { start: { line: position.line, character: word.start }, end: { line: position.line, character: word.end } };
  const exchange = analysis.exchanges.of.get(item);
  const msg = item.event.msg;
  const parts: Md[] = [];
  if (word && /^-?\d+$/.test(word.word) && isResponse(msg) && msg.error?.code === Number(word.word)) {
    parts.push(...errorHover(analysis, item, msg, exchange));
  } else if (word && /^-\d+$/.test(word.word) && ERROR_CODES.has(Number(word.word))) {
    parts.push(...codeText(Number(word.word)));
  } else if (word?.word === 'isError' && isResponse(msg)) {
    parts.push(ourMarkdown(IS_ERROR_TEXT), ...answers(analysis, exchange));
  } else if (word && (isRequest(msg) || isNotification(msg)) && word.word === msg.method) {
    const known = describeMethod(msg.method);
    parts.push(
      md`**${msg.method}** — ${
        known === undefined
          ? md`
not a method of the MCP specification.
            `
          : ourMarkdown(known)
      }`,
    );
    parts.push(...kindLines(analysis, item, exchange));
  } else {
    parts.push(...kindLines(analysis, item, exchange));
    return { contents: toMarkup(parts) };
  }
  return { contents: toMarkup(parts), range };
}

function codeText(code: number): Md[] {
  const info = ERROR_CODES.get(code);
  if (!info) return [md`**${code}** — ${codeRange(code)}.`];
  return [md`**${code} ${info.name}** — ${ourMarkdown(info.meaning)}`, ourMarkdown(info.check)];
}

function errorHover(analysis: Analysis, item: Located, msg: JsonRpcResponse, exchange: Exchange | undefined): Md[] {
  const code = msg.error!.code;
  const lines = codeText(code);
  lines.push(...answers(analysis, exchange));
  const request = exchange?.request.event.msg;
  if (isRequest(request)) {
    const capability = capabilityFor(request.method);
    // Only "method not found" is about capabilities; -32602 means the method exists.
    if (capability && item.event.dir === 's2c' && code === -32601) {
      lines.push(capabilityLine(analysis, exchange!.request, capability));
    }
    const aboutMeta = /_meta|protocolVersion|clientCapabilities/i.test(`${msg.error!.message} ${JSON.stringify(msg.error!.data ?? '')}`);
    if (code === -32602 && aboutMeta && request.params?._meta === undefined && request.method !== 'initialize') {
      lines.push(
        ourMarkdown(
          'The request carries no `_meta`: a 2026-07-28 server "MUST reject" a request without `io.modelcontextprotocol/protocolVersion` and `clientCapabilities` with -32602.',
        ),
      );
    }
    if (code === -32603 && request.method === 'tools/call') {
      // Said once, for this call, instead of the general advice.
      lines.splice(1, 1);
      lines.push(
        ourMarkdown(
          'This answers a tool call: if the tool ran and failed, the server should return `isError: true` (it goes to the model), not a JSON-RPC error (it goes to the client code).',
        ),
      );
    }
  } else if (msg.id === null) {
    lines.push(ourMarkdown('The id is `null`: the server could not tell which request this answers.'));
  }
  const data = msg.error!.data as Record<string, unknown> | undefined;
  if (code === -32022 && Array.isArray(data?.supported)) {
    lines.push(
      md`The server supports: ${mdJoin(data.supported.map(mdCode), ', ')}${data.requested ? md`; requested ${mdCode(data.requested)}` : ''}.`,
    );
  }
  if (code === -32021 && data?.requiredCapabilities !== undefined) {
    lines.push(md`Required client capabilities: ${mdCode(JSON.stringify(data.requiredCapabilities))}.`);
  }
  return lines;
}

/** "Answers `tools/list` #3 (line 12), 4 ms later." */
function answers(analysis: Analysis, exchange: Exchange | undefined): Md[] {
  if (!exchange)
    return [
      md`
No request with this id precedes it in the trace.
      `,
    ];
  const ms = latency(exchange);
  return [
    md`Answers **${requestLabel(exchange.request.event)}** (id ${idOf(exchange.request.event)}, line ${exchange.request.start + 1})${ms === undefined ? '' : `, ${formatMs(ms)} later`}.`,
  ];
}

/** Whether the capabilities the server declared before this request include the method's capability. */
function capabilityLine(analysis: Analysis, request: Located, cap: { name: string; sub?: string }): Md {
  const capability = cap.sub ? `${cap.name}.${cap.sub}` : cap.name;
  const declared = declaredCapabilities(analysis, request.start);
  if (!declared)
    return md`No initialize or server/discover result precedes this request, so the server's capabilities are unknown (the method needs ${mdCode(capability)}).`;
  const where = `${declared.method} result, line ${declared.line + 1}`;
  if (!declares(declared.capabilities, cap)) {
    return md`The server never declared the ${mdCode(capability)} capability (${where}: ${mdCode(JSON.stringify(declared.capabilities))}), so the method is not expected to work.`;
  }
  return md`The server declared ${mdCode(capability)} (${where}) yet does not handle the method: its handler was probably registered after the server answered.`;
}

function declaredCapabilities(
  analysis: Analysis,
  beforeLine: number,
): { method: string; line: number; capabilities: Record<string, unknown> } | undefined {
  let found: { method: string; line: number; capabilities: Record<string, unknown> } | undefined;
  for (const exchange of analysis.exchanges.list) {
    if (exchange.request.start >= beforeLine) break;
    const request = exchange.request.event.msg;
    if (!isRequest(request) || (request.method !== 'initialize' && request.method !== 'server/discover')) continue;
    for (const response of exchange.responses) {
      const result = isResponse(response.event.msg) ? response.event.msg.result : undefined;
      const capabilities = result?.capabilities;
      if (response.start < beforeLine && typeof capabilities === 'object' && capabilities !== null) {
        found = { method: request.method, line: response.start, capabilities: capabilities as Record<string, unknown> };
      }
    }
  }
  return found;
}

function kindLines(analysis: Analysis, item: Located, exchange: Exchange | undefined): Md[] {
  const event = item.event;
  const msg = event.msg;
  const head = md`**${summary(event)}** · ${direction(event)} · seq ${event.seq}`;
  if (isRequest(msg)) {
    if (!exchange || exchange.responses.length === 0)
      return [
        head,
        md`
A request: it expects exactly one response with the same id. None follows in this trace.
        `,
      ];
    const response = exchange.responses[0];
    const ms = latency(exchange);
    return [
      head,
      md`A request: answered on line ${response.start + 1}${ms === undefined ? '' : ` after ${formatMs(ms)}`} — ${outcome(exchange)}.`,
    ];
  }
  const glued = event.glued
    ? [
        md`Text was glued before this message on the same stdout line (${mdCode(event.glued.trim())}): MCP Lens recovered the message; a strict client loses it.`,
      ]
    : event.piece && event.piece.count > 1
      ? [
          md`This message shared its stdout line with ${event.piece.count - 1} other piece(s): MCP Lens recovered it as its own message; a strict client loses it.`,
        ]
      : [];
  if (isResponse(msg)) {
    const kind = msg.error
      ? md`
A JSON-RPC error response (for the client code).
        `
      : md`
A result response.
        `;
    return [head, kind, ...answers(analysis, exchange), ...glued];
  }
  if (isNotification(msg)) {
    const known = describeMethod(msg.method);
    return [
      head,
      md`
A notification: it has no id and is never answered.
      `,
      ...(known === undefined ? [] : [ourMarkdown(known)]),
      ...glued,
    ];
  }
  if (event.dir === 'meta') return [head, ...metaLines(analysis, event)];
  return [head, strayText(event)];
}

function strayText(event: TraceEvent): Md {
  if (event.dir === 'stderr')
    return md`
The server's log. "The server MAY write UTF-8 strings to stderr for any logging purposes" — it is not an error by itself.
    `;
  if (event.dir === 'meta')
    return md`
A lifecycle fact the client observed (spawn, exit, timeout, cancellation, era).
    `;
  if (event.kind === 'not-jsonrpc')
    return md`
Valid JSON, but not a JSON-RPC 2.0 message: "The server MUST NOT write anything to its stdout that is not a valid MCP message."
    `;
  if (event.kind === 'partial')
    return md`
Bytes with no final newline when the stream ended.
    `;
  if (event.kind === 'oversize')
    return md`
A line longer than the size cap; only its head is kept.
    `;
  if (event.piece)
    return md`
Text after a JSON message on the same stdout line: not a message; the message before it was recovered.
    `;
  return md`
Not JSON at all (a banner, a console.log): stdout is the protocol, so a strict client fails here. Log to stderr instead.
  `;
}

/** Lifecycle facts with their details: what exited how, which request timed out or was cancelled. */
function metaLines(analysis: Analysis, event: TraceEvent): Md[] {
  const info = event.info ?? {};
  switch (event.kind) {
    case 'spawn-failed':
      return [
        md`The server command ${mdCode(String(info.command ?? ''))} could not start: ${`${String(info.code ?? '')} ${String(info.message ?? '')}`.trim()}`,
      ];
    case 'exited':
      return [md`The server process ${exitSentence(exitFacts(info))}.`];
    case 'timeout':
    case 'cancelled': {
      const request =
        typeof info.id === 'string' || typeof info.id === 'number'
          ? analysis.exchanges.requestBefore(analysis.bySeq(event.seq)?.start ?? analysis.lineCount, 'c2s', info.id)
          : undefined;
      const where = request ? ` (line ${request.request.start + 1})` : '';
      const what =
        event.kind === 'timeout'
          ? `got no response within ${String(info.afterMs ?? '?')} ms`
          : `was cancelled${info.reason ? `: ${String(info.reason)}` : ''}`;
      return [md`The client's request ${mdCode(String(info.method ?? '?'))} id ${JSON.stringify(info.id)}${where} ${what}.`];
    }
    case 'era':
      return [
        md`The client settled on the ${String(info.era ?? '?')} era, protocol ${String(info.protocolVersion ?? '?')}${info.reason ? ` (${String(info.reason)})` : ''}.`,
      ];
    default:
      return [strayText(event)];
  }
}

function idOf(event: TraceEvent): string {
  const msg = event.msg;
  return msg && 'id' in msg ? JSON.stringify(msg.id) : '—';
}
