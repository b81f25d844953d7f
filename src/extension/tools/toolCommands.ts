import * as vscode from 'vscode';
import { chooseServer } from '../chooseServer';
import { buildFormModel } from '../../core/schema/formModel';
import type { Log } from '../log';
import { itemName, type ServerEntry } from '../serverEntry';
import type { ServerRegistry } from '../serverRegistry';
import type { JsonDocuments } from './jsonDocuments';
import { outcomeLabel, outcomeSentence } from './outcome';
import type { CallOutcome } from './protocol';
import { askArguments } from './quickArgs';
import { simpleFields } from './scalarFields';
import { rawMessageTemplate, sendRawAndWait, validateRawLine } from './rawMessage';
import type { ToolPanels } from './toolPanels';
import type { ResourcePanel } from '../resources/resourcePanel';
import type { ResourcePanels } from '../resources/resourcePanels';
import type { ToolRunner } from './toolRunner';
import { askText, name, pickOne, say, showError, showInfo, showStatus, showWarning, type Text, untrusted } from '../shown';
import { promptPickItems, resourcePickItems, toolPickItems } from './pickItems';

export const TOOL_COMMANDS = {
  runTool: 'mcpLens.runTool',
  sendRawMessage: 'mcpLens.sendRawMessage',
  readResource: 'mcpLens.readResource',
  getPrompt: 'mcpLens.getPrompt',
  /** The tool panels running a call, with their task (for tests; hidden from the palette). */
  running: 'mcpLens.tools.running',
  /** Presses a running panel's Cancel (for tests; hidden from the palette). */
  cancel: 'mcpLens.tools.cancel',
  watchResource: 'mcpLens.watchResource',
} as const;

/** `{server, tool, args}` from a lens, a test or a keybinding; a Servers view tool row; nothing (palette). */
type RunToolArg =
  | { server?: string; tool?: string; args?: Record<string, unknown>; /** Run as a task when the tool allows it. */ asTask?: boolean }
  | ItemRow
  | undefined;

/** A tool, resource or prompt row of the Servers view (serversView.ts ItemNode). */
interface ItemRow {
  type: 'item';
  key: string;
  kind: string;
  item: Record<string, unknown>;
}

function isRow(arg: unknown): arg is ItemRow {
  return typeof arg === 'object' && arg !== null && (arg as ItemRow).type === 'item' && typeof (arg as ItemRow).key === 'string';
}

/** A resource by URI, or a template with the values of its variables (read at once when given). */
type ReadArg = { server?: string; uri?: string; uriTemplate?: string; values?: Record<string, string> };

interface Deps {
  resources: ResourcePanels;
  registry: ServerRegistry;
  runner: ToolRunner;
  panels: ToolPanels;
  documents: JsonDocuments;
  log: Log;
}

export function registerToolCommands({ resources, registry, runner, panels, documents, log }: Deps): vscode.Disposable[] {
  async function pickServer(
    server: string | undefined,
    placeHolder: Text,
    accept: (s: ServerEntry) => boolean = () => true,
    noneFit?: Text,
  ): Promise<ServerEntry | undefined> {
    if (server !== undefined) {
      const entry = registry.get(server);
      if (!entry) void showWarning(say`MCP Lens: no configured server is called "${server}".`);
      return entry;
    }
    // The palette shows these commands before any server is known; the answer says why nothing can run.
    const none =
      registry.servers.length === 0
        ? say`MCP Lens: no MCP servers are configured in .vscode/mcp.json, .mcp.json, .cursor/mcp.json or the Claude Desktop config.`
        : (noneFit ?? say`MCP Lens: no MCP server can do that now.`);
    return chooseServer(registry.servers.filter(accept), placeHolder, none);
  }

  async function running(entry: ServerEntry): Promise<boolean> {
    const started = await runner.ensureRunning(entry);
    return started.ok;
  }

  function listed(entry: ServerEntry, kind: 'tools' | 'resources' | 'prompts'): Record<string, unknown>[] {
    const list = entry.lists[kind];
    return list && 'items' in list ? list.items : [];
  }

  async function runTool(arg: RunToolArg): Promise<CallOutcome | undefined> {
    const wanted = isRow(arg) ? { server: arg.key, tool: itemName(arg.item), args: undefined, asTask: undefined } : (arg ?? {});
    const entry = await pickServer(wanted.server, say`Run a tool of which MCP server?`);
    if (!entry || !(await running(entry))) return undefined;
    let toolName = wanted.tool;
    const picked = toolName === undefined;
    if (toolName === undefined) {
      const tools = listed(entry, 'tools');
      if (tools.length === 0) {
        void showInfo(say`MCP Lens: "${entry.name}" lists no tools.`);
        return undefined;
      }
      const choice = await pickOne(toolPickItems(tools), {
        placeHolder: say`Run which tool of "${entry.name}"?`,
        matchOnDescription: true,
        matchOnDetail: true,
      });
      if (choice === undefined) return undefined;
      toolName = choice;
    }
    const tool = runner.tool(entry, toolName);
    if (!tool) {
      void showWarning(
        say`MCP Lens: "${entry.name}" does not list a tool called "${name(toolName)}". If it is defined in the source, its registration failed or the server runs older code: restart it.`,
      );
      return undefined;
    }
    if (wanted.args) return panels.open(entry, toolName).run(wanted.args, true, wanted.asTask === true);
    if (picked) {
      // From the palette, a tool with a few plain arguments is asked for in quick inputs.
      const fields = simpleFields(buildFormModel(tool.inputSchema ?? { type: 'object' }));
      if (fields) {
        const args = await askArguments(toolName, fields, runner.lastArgs.get(entry.name, toolName));
        if (!args) return undefined;
        const outcome = await panels.open(entry, toolName).run(args, true);
        if (outcome.kind === 'notSent') void showWarning(say`MCP Lens: ${outcome.message}`);
        return outcome;
      }
    }
    panels.open(entry, toolName);
    return undefined;
  }

  async function sendRawMessage(arg?: { server?: string; line?: string }): Promise<unknown> {
    const entry = await pickServer(
      arg?.server,
      say`Send a raw message to which running MCP server?`,
      (s) => s.state.kind === 'running',
      say`MCP Lens: no MCP server is running; start one first (MCP Lens: Start Server).`,
    );
    if (!entry || !(await running(entry)) || !entry.client) return undefined;
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

  /**
   * Opens the panel of a resource (`uri`) or a template (`uriTemplate`, a form of its
   * variables); with `values` (or a plain `uri`), reads at once and returns the outcome.
   */
  async function readResource(arg?: ReadArg): Promise<unknown> {
    const entry = await pickServer(arg?.server, say`Read a resource of which MCP server?`);
    if (!entry || !(await running(entry)) || !entry.client) return undefined;
    let wanted: { uri?: string; uriTemplate?: string } | undefined =
      arg?.uri !== undefined || arg?.uriTemplate !== undefined ? arg : undefined;
    if (!wanted) {
      const typeUri = { label: say`$(edit) Enter a URI…`, value: { uri: undefined as string | undefined } };
      const choice = await pickOne([...resourcePickItems(listed(entry, 'resources')), typeUri], {
        placeHolder: say`Read which resource or template of "${entry.name}"?`,
        matchOnDescription: true,
      });
      if (!choice) return undefined;
      const uri =
        choice.uriTemplate !== undefined
          ? undefined
          : (choice.uri ??
            (await askText({
              title: say`Resource URI`,
              prompt: say`resources/read accepts any URI the server can resolve.`,
              ignoreFocusOut: true,
              validate: (v) => (v.trim() ? undefined : say`Enter a URI`),
            })));
      if (choice.uriTemplate === undefined && !uri) return undefined;
      wanted = choice.uriTemplate !== undefined ? { uriTemplate: choice.uriTemplate } : { uri };
    }
    const listedItem = listed(entry, 'resources').find((r) =>
      wanted.uriTemplate !== undefined ? r.uriTemplate === wanted.uriTemplate : r.uri === wanted.uri,
    );
    const about = {
      ...(typeof listedItem?.title === 'string' ? { title: listedItem.title } : {}),
      ...(typeof listedItem?.description === 'string' ? { description: listedItem.description } : {}),
      ...(typeof listedItem?.mimeType === 'string' ? { mimeType: listedItem.mimeType } : {}),
    };
    if (wanted.uriTemplate !== undefined) {
      const panel = resources.open(entry, {
        kind: 'template',
        uriTemplate: wanted.uriTemplate,
        name: String(listedItem?.name ?? wanted.uriTemplate),
        ...about,
      });
      return arg?.values ? panel.submit(arg.values) : undefined;
    }
    const uri = wanted.uri!;
    return resources
      .open(entry, { kind: 'resource', uri, ...(typeof listedItem?.name === 'string' ? { name: listedItem.name } : {}), ...about })
      .submit({});
  }

  /**
   * Opens the resource's panel, reads it and watches it (legacy resources/subscribe, or a
   * 2026-07-28 subscriptions/listen stream; each update reads it again). `stop` ends the watch,
   * `state` only looks. Returns the watch as it stands (how many updates so far), or undefined.
   */
  async function watchResource(arg?: {
    server?: string;
    uri?: string;
    action?: 'watch' | 'stop' | 'state';
  }): Promise<ResourcePanel['watchState']> {
    if (arg?.server === undefined || arg.uri === undefined) return undefined;
    const entry = await pickServer(arg.server, say`Watch a resource of which MCP server?`);
    if (!entry || !(await running(entry)) || !entry.client) return undefined;
    const panel = resources.open(entry, { kind: 'resource', uri: arg.uri });
    if (arg.action === 'stop') await panel.unwatch();
    else if (!panel.watchState && arg.action !== 'state') {
      await panel.submit({});
      await panel.watch();
    }
    return panel.watchState;
  }

  async function getPrompt(arg?: { server?: string; prompt?: string; args?: Record<string, string> }): Promise<unknown> {
    const entry = await pickServer(arg?.server, say`Get a prompt of which MCP server?`);
    if (!entry || !(await running(entry)) || !entry.client) return undefined;
    const prompts = listed(entry, 'prompts');
    let promptName = arg?.prompt;
    if (promptName === undefined) {
      if (prompts.length === 0) {
        void showInfo(say`MCP Lens: "${entry.name}" lists no prompts.`);
        return undefined;
      }
      const choice = await pickOne(promptPickItems(prompts), { placeHolder: say`Get which prompt of "${entry.name}"?` });
      if (choice === undefined) return undefined;
      promptName = choice;
    }
    const prompt = prompts.find((p) => p.name === promptName);
    const panel = resources.open(
      entry,
      {
        kind: 'prompt',
        name: promptName,
        ...(typeof prompt?.title === 'string' ? { title: prompt.title } : {}),
        ...(typeof prompt?.description === 'string' ? { description: prompt.description } : {}),
      },
      prompt,
    );
    // A prompt without arguments, or with them given, is rendered at once; otherwise the form waits.
    const declared = Array.isArray(prompt?.arguments) ? prompt.arguments : [];
    return arg?.args || declared.length === 0 ? panel.submit(arg?.args ?? {}) : undefined;
  }

  function readTimeout(): number {
    return Math.max(1000, vscode.workspace.getConfiguration('mcpLens').get<number>('requestTimeoutMs', 30_000));
  }

  return [
    vscode.commands.registerCommand(TOOL_COMMANDS.runTool, async (arg?: RunToolArg) => {
      const outcome = await runTool(arg);
      // Run from a lens or a row with arguments already given: say how it went without opening anything new.
      if (outcome && outcome.kind !== 'notSent' && !(arg && 'args' in arg))
        showStatus(say`MCP Lens: ${outcomeLabel(outcome)} — ${outcomeSentence(outcome)}`, 5000);
      return outcome;
    }),
    vscode.commands.registerCommand(TOOL_COMMANDS.sendRawMessage, sendRawMessage),
    vscode.commands.registerCommand(TOOL_COMMANDS.running, () =>
      panels.all.filter((p) => p.isRunning).map((p) => ({ server: p.serverKey, tool: p.toolName, task: p.runningTask })),
    ),
    vscode.commands.registerCommand(TOOL_COMMANDS.cancel, (arg?: { server?: string; tool?: string }) => {
      for (const p of panels.all) if (p.isRunning && (arg?.tool === undefined || p.toolName === arg.tool)) p.cancel();
    }),
    vscode.commands.registerCommand(TOOL_COMMANDS.readResource, (arg?: ReadArg | ItemRow) =>
      readResource(
        isRow(arg)
          ? typeof arg.item.uriTemplate === 'string'
            ? { server: arg.key, uriTemplate: arg.item.uriTemplate }
            : { server: arg.key, uri: String(arg.item.uri) }
          : arg,
      ),
    ),
    vscode.commands.registerCommand(TOOL_COMMANDS.watchResource, (arg?: { server?: string; uri?: string } | ItemRow) =>
      watchResource(isRow(arg) ? { server: arg.key, uri: typeof arg.item.uri === 'string' ? arg.item.uri : undefined } : arg),
    ),
    vscode.commands.registerCommand(
      TOOL_COMMANDS.getPrompt,
      (arg?: { server?: string; prompt?: string; args?: Record<string, string> } | ItemRow) =>
        getPrompt(isRow(arg) ? { server: arg.key, prompt: itemName(arg.item) } : arg),
    ),
  ];
}
