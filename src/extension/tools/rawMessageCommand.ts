import * as vscode from 'vscode';
import { askText, say, showError, showInfo, untrusted } from '../shown';
import type { ItemCommands } from './itemCommands';
import { rawMessageTemplate, sendRawAndWait, validateRawLine } from './rawMessage';

function readTimeout(): number {
  return Math.max(1000, vscode.workspace.getConfiguration('mcpLens').get<number>('requestTimeoutMs', 30_000));
}

/**
 * Send Raw Message: one line typed by hand (prefilled with a request the server's era takes),
 * sent as typed to a running server; its reply, if any, in a notification and a document.
 */
export async function sendRawMessage(items: ItemCommands, arg?: { server?: string; line?: string }): Promise<unknown> {
  const { log, documents } = items.deps;
  const entry = await items.pickServer(
    arg?.server,
    say`Send a raw message to which running MCP server?`,
    (s) => s.state.kind === 'running',
    say`MCP Lens: no MCP server is running; start one first (MCP Lens: Start Server).`,
  );
  if (!entry || !(await items.running(entry)) || !entry.client) return undefined;
  const line =
    arg?.line ??
    (await askText({
      title: say`Send a raw JSON-RPC line to "${entry.name}"`,
      prompt:
        entry.info?.era === 'modern'
          ? say`One line of JSON, sent as typed. Every 2026-07-28 request carries this _meta.`
          : say`One line of JSON, sent as typed.`,
      value: rawMessageTemplate(entry.info, entry.client.clientInfo),
      ignoreFocusOut: true,
      validate: (v) => {
        const problem = validateRawLine(v);
        return problem === undefined ? undefined : untrusted(problem);
      },
    }));
  if (line === undefined) return undefined;
  const problem = validateRawLine(line);
  if (problem) {
    void showError(say`MCP Lens: ${problem}`);
    return undefined;
  }
  const reply = await sendRawAndWait(entry.client, line, readTimeout());
  log.info(`[${entry.name}] raw line sent: ${line}`);
  if (reply.kind === 'reply') {
    log.info(`[${entry.name}] reply: ${reply.raw}`);
    const show = 'Show Reply';
    void showInfo(say`MCP Lens: "${entry.name}" replied (${reply.summary}).`, show).then((c) => {
      if (c === show) void documents.show(`reply-${entry.name}`, reply.message);
    });
  } else {
    void showInfo(say`MCP Lens: sent to "${entry.name}". ${reply.summary}`);
  }
  return reply;
}
