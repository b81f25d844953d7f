import * as vscode from 'vscode';
import { AgentInputError } from '../../core/agent/bounds';
import type { Log } from '../log';
import type { ServerRegistry } from '../serverRegistry';
import { say, toolInvocation, type Text } from '../shown';
import { AgentOperations, type Input } from './operations';
import { asRecord } from '../../core/schema/isRecord';

interface AgentTool {
  invoke(ops: AgentOperations, input: Input, signal: AbortSignal): string | Promise<string>;
  /** Shown while it runs. */
  running(input: Input): Text;
  /** For a tool that runs server code: what the user confirms. */
  confirm?(input: Input): { title: Text; message: Text };
}

const server = (input: Input) => String(input.server ?? '');

/** The names are package.json's `contributes.languageModelTools`; the integration test checks both agree. */
export const AGENT_TOOLS: Record<string, AgentTool> = {
  mcpLens_listServers: { invoke: (ops) => ops.listServers(), running: () => say`Listing MCP servers` },
  mcpLens_startServer: {
    invoke: (ops, input) => ops.start(input),
    running: (input) => say`Starting MCP server ${server(input)}`,
    confirm: (input) => ({
      title: say`Start MCP server?`,
      message: say`Start ${server(input)}: this runs the command its configuration names, on this machine.`,
    }),
  },
  mcpLens_restartServer: {
    invoke: (ops, input) => ops.restart(input),
    running: (input) => say`Restarting MCP server ${server(input)}`,
    confirm: (input) => ({
      title: say`Restart MCP server?`,
      message: say`Restart ${server(input)}: this stops it and runs the command its configuration names again.`,
    }),
  },
  mcpLens_stopServer: { invoke: (ops, input) => ops.stop(input), running: (input) => say`Stopping MCP server ${server(input)}` },
  mcpLens_listCapabilities: { invoke: (ops, input) => ops.lists(input), running: (input) => say`Listing what ${server(input)} offers` },
  mcpLens_callTool: {
    invoke: (ops, input, signal) => ops.callTool(input, signal),
    running: (input) => say`Calling ${String(input.tool ?? '')} on ${server(input)}`,
    confirm: (input) => ({
      title: say`Call an MCP tool?`,
      message: say`Call ${String(input.tool ?? '')} on ${server(input)} (starting the server if it is not running) with arguments ${JSON.stringify(input.arguments ?? {})}.`,
    }),
  },
  mcpLens_getDiagnostics: {
    invoke: (ops, input) => ops.diagnostics(input),
    running: (input) => say`Reading diagnostics of ${server(input)}`,
  },
  mcpLens_readMessages: { invoke: (ops, input) => ops.messages(input), running: (input) => say`Reading messages of ${server(input)}` },
  mcpLens_readStderr: { invoke: (ops, input) => ops.stderr(input), running: (input) => say`Reading stderr of ${server(input)}` },
  mcpLens_check: {
    invoke: (ops, input) => ops.check(input),
    running: (input) => say`Checking ${server(input)}`,
    confirm: (input) => ({
      title: say`Check MCP server?`,
      message: say`Check ${server(input)}: starts it if it is not running, asks for every list and reads its first resource.`,
    }),
  },
};

/** The language-model tools (issue 22): any agent in VS Code's chat can run, call and read the workspace's servers. */
export function registerAgentTools(registry: ServerRegistry, log: Log): vscode.Disposable[] {
  // Older hosts have no language-model tools API: MCP Lens works without them.
  if (typeof vscode.lm?.registerTool !== 'function') {
    log.info('Language-model tools are not available in this VS Code; the agent tools are not registered');
    return [];
  }
  const ops = new AgentOperations(registry);
  return Object.entries(AGENT_TOOLS).map(([name, tool]) =>
    vscode.lm.registerTool<Input>(name, {
      prepareInvocation: (options) => {
        const input = asInput(options.input);
        return toolInvocation(tool.running(input), tool.confirm?.(input));
      },
      invoke: async (options, token) => {
        const input = asInput(options.input);
        const aborting = new AbortController();
        const cancelled = token.onCancellationRequested(() => aborting.abort());
        try {
          const text = await tool.invoke(ops, input, aborting.signal);
          return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
        } catch (error) {
          // A mistake in the input is the agent's to fix: its message goes back as is. Anything else is ours: logged too.
          if (!(error instanceof AgentInputError)) log.error(`Language-model tool ${name} failed`, error);
          throw error instanceof Error ? error : new Error(String(error));
        } finally {
          cancelled.dispose();
        }
      },
    }),
  );
}

function asInput(value: unknown): Input {
  return (asRecord(value) ?? {}) as Input;
}
