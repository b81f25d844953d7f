import { escapeCodicons, nameText } from '../core/text';
import type { CodeLens } from 'vscode-languageserver';
import { isRequest } from '../core/wire/message';
import type { Analysis } from './analysis';
import { rangeOf } from './diagnostics';

export const REPLAY_COMMAND = 'mcpLens.replayRequest';

export interface ReplayLensData {
  uri: string;
  line: number;
}

/**
 * "▶ Replay" on every client→server request except the handshake (a running server has
 * already been initialised). The command is filled in on resolve, so a 200 000-line trace
 * does not ship every request's JSON up front.
 */
export function codeLenses(analysis: Analysis, uri: string): CodeLens[] {
  const out: CodeLens[] = [];
  for (const exchange of analysis.exchanges.list) {
    const request = exchange.request;
    const msg = request.event.msg;
    if (request.event.dir !== 'c2s' || !isRequest(msg) || msg.method === 'initialize') continue;
    const range = rangeOf(analysis, request);
    out.push({ range: { start: range.start, end: range.start }, data: { uri, line: request.start } satisfies ReplayLensData });
  }
  return out;
}

export function resolveCodeLens(analysis: Analysis, lens: CodeLens): CodeLens {
  const { line } = lens.data as ReplayLensData;
  const msg = analysis.at(line)?.event.msg;
  if (!isRequest(msg)) return lens;
  return {
    ...lens,
    command: { title: `▶ Replay ${escapeCodicons(nameText(msg.method))}`, command: REPLAY_COMMAND, arguments: [JSON.stringify(msg)] },
  };
}
