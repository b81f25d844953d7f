/**
 * "Load Test Tool…": `mcp-lens load` on one tool of a configured stdio server, in a process of
 * its own, drawn in an editor tab — the latency histogram, throughput over time, and the
 * server's CPU and memory during the run.
 */
import * as vscode from 'vscode';
import { loadPicture } from '../../core/load/loadPicture';
import type { LoadResult } from '../../core/load/loadRun';
import { loadTool } from '../../core/load/loadTool';
import type { ProcessSample } from '../../core/load/processSampler';
import { McpClient } from '../../core/session/client';
import { isRecord } from '../../core/schema/isRecord';
import { chooseServer } from '../chooseServer';
import { specOf } from '../fuzz/fuzzCommand';
import type { ServerRegistry } from '../serverRegistry';
import { askText, render, say, showError, showWarning, untrusted } from '../shown';

export const LOAD_TOOL_COMMAND = 'mcpLens.loadTestTool';

export interface LoadToolArg {
  server?: string;
  tool?: string;
  args?: Record<string, unknown>;
  concurrency?: number;
  requests?: number;
}

export interface LoadToolResult {
  result: LoadResult;
  samples: ProcessSample[];
  document: string;
}

const REQUEST_TIMEOUT_MS = 30_000;

export function registerLoadCommand(registry: ServerRegistry): vscode.Disposable {
  return vscode.commands.registerCommand(LOAD_TOOL_COMMAND, (arg?: LoadToolArg | { type: 'item'; key: string; item: Record<string, unknown> }) =>
    loadCommand(registry, arg && 'type' in arg && arg.type === 'item' ? { server: arg.key, tool: String(arg.item.name ?? '') } : ((arg as LoadToolArg | undefined) ?? {})),
  );
}

async function loadCommand(registry: ServerRegistry, arg: LoadToolArg): Promise<LoadToolResult | undefined> {
  if (!vscode.workspace.isTrusted) {
    void showWarning(say`MCP Lens: a load test starts the server; trust this workspace first.`);
    return undefined;
  }
  const entry = arg.server !== undefined ? registry.get(arg.server) : await chooseServer(registry.servers.filter((s) => s.config.type === 'stdio'), say`Load test a tool of which MCP server?`, say`MCP Lens: no stdio MCP server is configured.`);
  if (!entry) return undefined;
  const spec = await specOf(entry);
  if ('problem' in spec) {
    void showError(say`MCP Lens: cannot load test "${entry.name}": ${spec.problem}`);
    return undefined;
  }
  const tool = arg.tool ?? (await askText({ title: say`Load test which tool of "${entry.name}"?`, prompt: say`The tool's name, as tools/list gives it.`, ignoreFocusOut: true, validate: (v) => (v.trim() ? undefined : say`Enter a tool name`) }));
  if (!tool) return undefined;
  const args = arg.args ?? (await askArgs(tool));
  if (!args) return undefined;
  const client = new McpClient(spec, { clientInfo: { name: 'mcp-lens', version: '0.1.0' }, requestTimeoutMs: REQUEST_TIMEOUT_MS, probeTimeoutMs: 3000 });
  try {
    await client.connect();
    const { result, samples, limits } = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: render(say`Load testing "${tool}" of "${entry.name}"`, 'iconLine') }, () =>
      loadTool(client, tool, args, { concurrency: arg.concurrency ?? 10, requests: arg.requests ?? 100 }),
    );
    const text = loadPicture(tool, result, samples, limits).join('\n');
    const document = await vscode.workspace.openTextDocument({ content: `${text}\n`, language: 'plaintext' });
    await vscode.window.showTextDocument(document, { preview: false });
    return { result, samples, document: text };
  } catch (error) {
    void showError(say`MCP Lens: the load test of "${entry.name}" failed: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  } finally {
    await client.close().catch(() => undefined);
  }
}

async function askArgs(tool: string): Promise<Record<string, unknown> | undefined> {
  const text = await askText({
    title: say`Arguments for every call of "${tool}"`,
    prompt: say`A JSON object, sent with each call.`,
    value: '{}',
    ignoreFocusOut: true,
    validate: (v) => {
      try {
        return isRecord(JSON.parse(v)) ? undefined : say`A JSON object, e.g. {"city": "Paris"}`;
      } catch (error) {
        return untrusted(`Not JSON: ${(error as Error).message}`);
      }
    },
  });
  return text === undefined ? undefined : (JSON.parse(text) as Record<string, unknown>);
}
