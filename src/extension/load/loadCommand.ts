/**
 * "Load Test Tool…": `mcp-lens load` on one tool of a configured stdio server, in a process of
 * its own, drawn in a panel — the figures, the latency histogram, throughput over time, and
 * the server's CPU and memory during the run.
 */
import * as vscode from 'vscode';
import type { LoadResult } from '../../core/load/loadRun';
import { loadTool } from '../../core/load/loadTool';
import type { ProcessSample } from '../../core/load/processSampler';
import { McpClient } from '../../core/session/client';
import { isRecord } from '../../core/schema/isRecord';
import { stdioServerToLaunch } from '../chooseServer';
import { specOf } from '../fuzz/fuzzCommand';
import type { Log } from '../log';
import { LoadPanel } from './loadPanel';
import type { LoadDrawn } from './loadProtocol';
import type { ServerRegistry } from '../serverRegistry';
import { itemName } from '../serverEntry';
import { isRow, type ItemRow } from '../tools/itemCommands';
import { askText, render, say, showError, untrusted, type Text } from '../shown';
import { ignoreClosing } from '../../core/util/ignored';

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
  /** What the panel drew, as it reads back from its page. */
  drawn: LoadDrawn | undefined;
}

const REQUEST_TIMEOUT_MS = 30_000;

export function registerLoadCommand(extensionUri: vscode.Uri, registry: ServerRegistry, log: Log): vscode.Disposable {
  return vscode.commands.registerCommand(LOAD_TOOL_COMMAND, (arg?: LoadToolArg | ItemRow) =>
    loadCommand(extensionUri, registry, log, isRow(arg) ? { server: arg.key, tool: itemName(arg.item) } : (arg ?? {})),
  );
}

async function loadCommand(
  extensionUri: vscode.Uri,
  registry: ServerRegistry,
  log: Log,
  arg: LoadToolArg,
): Promise<LoadToolResult | undefined> {
  const entry = await stdioServerToLaunch(registry, arg.server, {
    untrusted: say`MCP Lens: a load test starts the server; trust this workspace first.`,
    question: say`Load test a tool of which MCP server?`,
  });
  if (!entry) return undefined;
  const spec = await specOf(entry);
  if ('problem' in spec) {
    void showError(say`MCP Lens: cannot load test "${entry.name}": ${spec.problem}`);
    return undefined;
  }
  const tool =
    arg.tool ??
    (await askText({
      title: say`Load test which tool of "${entry.name}"?`,
      prompt: say`The tool's name, as tools/list gives it.`,
      ignoreFocusOut: true,
      validate: (v) => (v.trim() ? undefined : say`Enter a tool name`),
    }));
  if (!tool) return undefined;
  const args = arg.args ?? (await askArgs(tool));
  if (!args) return undefined;
  const requests = arg.requests ?? (await askCount(say`How many calls of "${tool}" in all?`, 100));
  if (requests === undefined) return undefined;
  const concurrency = arg.concurrency ?? (await askCount(say`How many calls of "${tool}" in flight at once?`, 10));
  if (concurrency === undefined) return undefined;
  const client = new McpClient(spec, {
    clientInfo: { name: 'mcp-lens', version: '0.1.0' },
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    probeTimeoutMs: 3000,
  });
  try {
    await client.connect();
    const { result, samples, limits, findings } = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: render(say`Load testing "${tool}" of "${entry.name}"`, 'iconLine') },
      () => loadTool(client, tool, args, { concurrency, requests }),
    );
    await ignoreClosing(client.close());
    const panel = new LoadPanel(extensionUri, log, {
      server: entry.name,
      tool,
      concurrency,
      result,
      samples,
      limits,
      findings: findings.map(({ rule, severity, message, hint }) => ({ rule, severity, message, hint })),
    });
    return { result, samples, drawn: await panel.drawn };
  } catch (error) {
    void showError(say`MCP Lens: the load test of "${entry.name}" failed: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  } finally {
    await ignoreClosing(client.close());
  }
}

async function askCount(title: Text, initial: number): Promise<number | undefined> {
  const text = await askText({
    title,
    prompt: say`A whole number from 1 to 100000.`,
    value: String(initial),
    ignoreFocusOut: true,
    validate: (v) => (/^\s*\d+\s*$/.test(v) && Number(v) >= 1 && Number(v) <= 100_000 ? undefined : say`A whole number from 1 to 100000`),
  });
  return text === undefined ? undefined : Number(text);
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
