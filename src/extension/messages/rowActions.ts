import * as vscode from 'vscode';
import { name, say, showInfo, showWarning } from '../shown';
import { eventsOf, targetRow, type MessageCommandDeps } from './rowTarget';
import type { MessagesElement } from './view';

/** Replay Request: sends the row's request again with a fresh id; resolves with the result, or undefined when it could not. */
export async function replay(
  deps: MessageCommandDeps,
  arg?: MessagesElement | string,
  seq?: number,
): Promise<Record<string, unknown> | undefined> {
  const element = targetRow(deps, arg, seq);
  const entry = deps.selection.entry;
  const client = entry?.client;
  if (!element || element.type !== 'exchange' || element.request.dir !== 'c2s') return undefined;
  if (!client || entry.state.kind !== 'running') {
    void showWarning(say`MCP Lens: start "${entry?.name ?? 'the server'}" to replay a request.`);
    return undefined;
  }
  const params = (element.request.msg as { params?: Record<string, unknown> }).params;
  // request() gives it a fresh id (and the era's _meta); the answer shows as a new row.
  try {
    return await client.request(element.method, params);
  } catch (error) {
    // A protocol error is a row in the view already; anything else (closed, timeout) is said here.
    if ((error as { code?: unknown }).code === undefined)
      void showWarning(say`MCP Lens: replay of ${name(element.method)} failed: ${(error as Error).message}`);
    return undefined;
  }
}

/** Save as Test: a tools/call row with its result becomes a saved call in the server's test file. */
export async function saveAsTest(deps: MessageCommandDeps, arg?: MessagesElement | string, seq?: number): Promise<unknown> {
  const element = targetRow(deps, arg, seq);
  const entry = deps.selection.entry;
  const request =
    element?.type === 'exchange' && element.request.dir === 'c2s'
      ? (element.request.msg as { params?: { name?: unknown; arguments?: unknown } })
      : undefined;
  const result =
    element?.type === 'exchange' ? (element.response?.msg as { result?: Record<string, unknown> } | undefined)?.result : undefined;
  if (!entry || element?.type !== 'exchange' || element.method !== 'tools/call' || typeof request?.params?.name !== 'string' || !result) {
    void showInfo(say`MCP Lens: only a tools/call that got a result can be saved as a test.`);
    return undefined;
  }
  const args = request.params.arguments && typeof request.params.arguments === 'object' ? request.params.arguments : {};
  return vscode.commands.executeCommand('mcpLens.tests.saveCall', {
    server: entry.name,
    tool: request.params.name,
    arguments: args,
    result,
  });
}

/** Copy as Wire Line / as Pretty JSON: the row's lines to the clipboard; resolves with the text copied. */
export async function copyRow(
  deps: MessageCommandDeps,
  pretty: boolean,
  arg?: MessagesElement | string,
  seq?: number,
): Promise<string | undefined> {
  const node = targetRow(deps, arg, seq);
  if (!node) return undefined;
  const events = eventsOf(node);
  const text = pretty
    ? events.map((e) => (e.msg ? JSON.stringify(e.msg, null, 2) : JSON.stringify(e.raw))).join('\n\n')
    : events.map((e) => e.raw).join('\n');
  await vscode.env.clipboard.writeText(text);
  return text;
}
