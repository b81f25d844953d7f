import { AgentInputError, bounded, lastCount, line } from '../../core/agent/bounds';
import { diagnosticsText } from '../../core/agent/diagnosticsText';
import { eventsText, lastMessages, lastStderr } from '../../core/agent/eventText';
import { itemsText } from '../../core/agent/listsText';
import { agentCall, toolArguments } from '../../core/agent/toolCall';
import { checkRunning } from '../../core/agent/checkRunning';
import { LIST_KINDS, type ListKind, type ServerEntry } from '../serverEntry';
import type { ServerRegistry } from '../serverRegistry';
import { isTrusted } from '../trust';
import { findServer } from './serverLookup';
import { serverStatus } from './serverStatus';

export const DEFAULT_CALL_TIMEOUT_MS = 30_000;
const MAX_CALL_TIMEOUT_MS = 300_000;

export type Input = Record<string, unknown>;

/** What the language-model tools do, as text for the model; a wrong input throws AgentInputError. */
export class AgentOperations {
  constructor(private readonly registry: ServerRegistry) {}

  listServers(): string {
    const servers = this.registry.servers;
    const trust = isTrusted() ? '' : '\nThe workspace is not trusted: MCP Lens lists and starts no server until it is.';
    if (servers.length === 0) return `No MCP servers configured in this workspace (.vscode/mcp.json, .mcp.json, .cursor/mcp.json).${trust}`;
    return bounded(`${servers.length} server(s):\n${servers.map(serverStatus).join('\n')}${trust}`);
  }

  async start(input: Input): Promise<string> {
    const entry = this.runnable(input);
    await this.settled(entry);
    if (entry.state.kind === 'running') return `"${entry.name}" is already running.\n${serverStatus(entry)}`;
    const outcome = await this.registry.start(entry);
    return outcome.ok ? `Started.\n${serverStatus(entry)}` : `Not started: ${line(outcome.reason, 1000)}\n${serverStatus(entry)}`;
  }

  async restart(input: Input): Promise<string> {
    const entry = this.runnable(input);
    const outcome = await this.registry.restart(entry, 'a request from a language-model tool');
    return outcome.ok ? `Restarted.\n${serverStatus(entry)}` : `Restart failed: ${line(outcome.reason, 1000)}\n${serverStatus(entry)}`;
  }

  async stop(input: Input): Promise<string> {
    const entry = findServer(this.registry, input.server);
    if (!entry.client) return `"${entry.name}" is not running (${entry.state.kind}).`;
    await this.registry.stop(entry);
    return `Stopped.\n${serverStatus(entry)}`;
  }

  lists(input: Input): string {
    const entry = findServer(this.registry, input.server);
    const kinds = listKinds(input.kind);
    if (entry.state.kind !== 'running')
      return `"${entry.name}" is not running (${entry.state.kind}); start it first (mcpLens_startServer).`;
    const parts = kinds.map((kind) => {
      const list = entry.lists[kind];
      if (list === undefined) return `${kind}: not offered (the capability is not declared) or still loading.`;
      return 'error' in list ? `${kind}: listing failed: ${line(list.error, 500)}` : itemsText(kind, list.items, input.schemas === true);
    });
    return bounded(parts.join('\n\n'));
  }

  async callTool(input: Input, signal?: AbortSignal): Promise<string> {
    const entry = findServer(this.registry, input.server);
    if (typeof input.tool !== 'string' || input.tool === '')
      throw new AgentInputError('"tool" is required: the name of one of the server\'s tools (mcpLens_listCapabilities lists them).');
    const args = toolArguments(input.arguments);
    const timeoutMs = callTimeout(input.timeoutMs);
    await this.ensureRunning(entry);
    const session = entry.session;
    const client = entry.client;
    if (!client || !session) throw new AgentInputError(`"${entry.name}" is not running (${entry.state.kind}).`);
    const tools = entry.lists.tools && 'items' in entry.lists.tools ? entry.lists.tools.items : undefined;
    const outcome = await agentCall(
      {
        name: entry.name,
        client,
        trace: client.trace,
        diagnostics: () => session.diagnostics,
        tools,
        protocolVersion: entry.info?.protocolVersion,
      },
      input.tool,
      args,
      { timeoutMs, signal },
    );
    return outcome.text;
  }

  diagnostics(input: Input): string {
    const entry = findServer(this.registry, input.server);
    const session = entry.session;
    if (!session)
      return `"${entry.name}" has not run in this window yet: no diagnostics. Start it (mcpLens_startServer) or run mcpLens_check.`;
    return bounded(`${runLabel(entry)}\n${diagnosticsText(session.diagnostics, (seq) => session.event(seq))}`);
  }

  messages(input: Input): string {
    const entry = findServer(this.registry, input.server);
    const n = lastCount(input.last, 'last');
    const events = entry.session?.trace.events;
    if (!events) return `"${entry.name}" has not run in this window yet: no messages.`;
    return bounded(
      `${runLabel(entry)}\n${eventsText('messages', lastMessages(events, n), events.filter((e) => e.dir !== 'stderr').length)}`,
    );
  }

  stderr(input: Input): string {
    const entry = findServer(this.registry, input.server);
    const n = lastCount(input.last, 'last');
    const events = entry.session?.trace.events;
    if (!events) return `"${entry.name}" has not run in this window yet: no stderr.`;
    return bounded(
      `${runLabel(entry)}\n${eventsText('stderr lines', lastStderr(events, n), events.filter((e) => e.dir === 'stderr').length)}`,
    );
  }

  /** `mcp-lens check` on the running server: every list (declared or not), a resource read, then the run's diagnostics. */
  async check(input: Input): Promise<string> {
    const entry = findServer(this.registry, input.server);
    await this.ensureRunning(entry);
    const client = entry.client;
    const session = entry.session;
    if (!client || !session) throw new AgentInputError(`"${entry.name}" is not running (${entry.state.kind}).`);
    const report = await checkRunning(
      {
        name: entry.name,
        client,
        diagnostics: () => session.diagnostics,
        event: (seq) => session.event(seq),
        status: () => serverStatus(entry),
      },
      callTimeout(input.timeoutMs),
    );
    return bounded(report);
  }

  /** Starts `entry` unless it runs; only in a trusted workspace. */
  private async ensureRunning(entry: ServerEntry): Promise<void> {
    await this.settled(entry);
    if (entry.state.kind === 'running' && entry.client) return;
    this.runnable({ server: entry.key });
    const outcome = await this.registry.start(entry);
    if (!outcome.ok) throw new AgentInputError(`"${entry.name}" could not be started: ${line(outcome.reason, 1000)}`);
  }

  /** A server starting or stopping (from the UI, or another agent call) is waited for, not started twice. */
  private settled(entry: ServerEntry): Promise<void> {
    const busy = () => entry.state.kind === 'starting' || entry.state.kind === 'stopping';
    if (!busy()) return Promise.resolve();
    return new Promise((resolve) => {
      const listening = this.registry.onDidChange(() => {
        if (busy()) return;
        listening.dispose();
        resolve();
      });
    });
  }

  private runnable(input: Input): ServerEntry {
    const entry = findServer(this.registry, input.server);
    if (!isTrusted())
      throw new AgentInputError(
        'The workspace is not trusted: MCP Lens starts no server in it (servers are programs its configuration names). Ask the user to trust the workspace.',
      );
    return entry;
  }
}

function runLabel(entry: ServerEntry): string {
  return `${entry.name} (${entry.state.kind}${entry.info ? `, ${entry.info.era} era` : ''}):`;
}

function listKinds(value: unknown): ListKind[] {
  if (value === undefined || value === null || value === 'all') return [...LIST_KINDS];
  if (typeof value === 'string' && (LIST_KINDS as readonly string[]).includes(value)) return [value as ListKind];
  throw new AgentInputError(`"kind" is one of "tools", "resources", "prompts" or "all", got ${JSON.stringify(value)}.`);
}

function callTimeout(value: unknown): number {
  if (value === undefined || value === null) return DEFAULT_CALL_TIMEOUT_MS;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 100 || value > MAX_CALL_TIMEOUT_MS) {
    throw new AgentInputError(
      `"timeoutMs" is a whole number of milliseconds from 100 to ${MAX_CALL_TIMEOUT_MS}, got ${JSON.stringify(value)}.`,
    );
  }
  return value;
}
