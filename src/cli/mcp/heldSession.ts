import { exitSentence, exitStory } from '../../core/diagnose/exitStory';
import { AgentInputError, line } from '../../core/agent/bounds';
import { modelTools } from '../../core/apps/toolVisibility';
import { diagnose } from '../../core/diagnose/engine';
import type { Diagnostic } from '../../core/diagnose/diagnostic';
import { describeRequest } from '../../core/diagnose/describe';
import { requestsInFlight } from '../../core/devloop/inFlight';
import { McpClient, ProtocolError, type ServerInfo } from '../../core/session/client';
import { Trace } from '../../core/trace/trace';
import { describeFailure } from '../commands/session';
import { version } from '../version';
import { absent, ignoreClosing } from '../../core/util/ignored';

export interface SessionSpec {
  command: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string>;
}

type State =
  { kind: 'starting' } | { kind: 'running' } | { kind: 'stopped' } | { kind: 'exited'; text: string } | { kind: 'failed'; text: string };

const LISTS = { tools: 'tools/list', resources: 'resources/list', prompts: 'prompts/list' } as const;
export type ListKind = keyof typeof LISTS;

/**
 * One server under test that `mcp-lens mcp` holds across an agent's calls: its client, and
 * one trace for all its runs (a restart writes on after a marker, as the extension does).
 */
export class HeldSession {
  readonly trace = new Trace();
  client: McpClient | undefined;
  state: State = { kind: 'stopped' };
  tools: Record<string, unknown>[] | undefined;
  private diagnosed: { count: number; found: Diagnostic[] } = { count: -1, found: [] };

  constructor(
    readonly name: string,
    readonly spec: SessionSpec,
    private readonly timeoutMs: number,
  ) {}

  get info(): ServerInfo | undefined {
    return this.client?.info;
  }

  /** Spawns, negotiates the era, lists the tools. A failure leaves the reason in `state` and the trace. */
  async start(): Promise<void> {
    const client = new McpClient(
      { name: this.name, ...this.spec },
      {
        clientInfo: { name: 'mcp-lens', version },
        trace: this.trace,
        requestTimeoutMs: this.timeoutMs,
        probeTimeoutMs: Math.min(3000, this.timeoutMs),
      },
    );
    this.client = client;
    this.tools = undefined;
    this.state = { kind: 'starting' };
    void client.exited.then(({ code, signal }) => {
      if (this.client !== client) return;
      // Told as the CLI and the editor tell it, with the stderr line that says why.
      this.state = { kind: 'exited', text: exitSentence({ code, signal, reason: exitStory(this.trace.events)?.reason }) };
    });
    try {
      await client.connect();
      if (this.client !== client) return;
      this.state = { kind: 'running' };
      // A failed listing is in the trace, and list_tools asks again and says why.
      this.tools = await client.listAll('tools/list').catch(absent);
    } catch (error) {
      if (this.client !== client) return;
      this.state = { kind: 'failed', text: line(describeFailure(client, error), 500) };
      await ignoreClosing(client.close());
    }
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.tools = undefined;
    this.state = { kind: 'stopped' };
    await ignoreClosing(client?.close());
  }

  /** Stop and start again; requests still waiting are marked lost in the trace. */
  async restart(reason: string): Promise<void> {
    // Only a live server can lose a request: one that exited has failed its requests already.
    const lost = this.state.kind === 'running' ? requestsInFlight(this.trace.events) : [];
    await this.stop();
    const lostText = lost.length ? `; lost without an answer: ${lost.map(describeRequest).join(', ')}` : '';
    this.trace.append({
      dir: 'meta',
      kind: 'note',
      raw: `— restarted after ${reason}${lostText} —`,
      info: { restart: true, reason, lost },
    });
    await this.start();
  }

  /** The running client, or a precise reason why there is none. */
  running(): McpClient {
    if (this.client && this.state.kind === 'running') return this.client;
    throw new AgentInputError(
      `"${this.name}" is not running (${this.stateText()}). Use restart_server to start it again, then read_stderr and get_diagnostics for why it stopped.`,
    );
  }

  async list(kind: ListKind): Promise<Record<string, unknown>[]> {
    const client = this.running();
    const items = await client.listAll(LISTS[kind]);
    if (kind === 'resources')
      items.push(...(await client.listAll('resources/templates/list').catch((e) => (e instanceof ProtocolError ? [] : Promise.reject(e)))));
    if (kind === 'tools') this.tools = items;
    return items;
  }

  /** Every diagnostic of every run; computed again only when the trace grew. */
  diagnostics(): readonly Diagnostic[] {
    if (this.diagnosed.count !== this.trace.count) this.diagnosed = { count: this.trace.count, found: diagnose(this.trace.events) };
    return this.diagnosed.found;
  }

  stateText(): string {
    const s = this.state;
    // An exit's sentence starts with what happened (`exited (code 3): …`); a failure says it failed.
    return s.kind === 'exited' ? s.text : 'text' in s ? `${s.kind}: ${s.text}` : s.kind;
  }

  statusText(): string {
    const lines = [`- ${this.name} (${[this.spec.command, ...this.spec.args].join(' ')}): ${this.stateText()}`];
    const info = this.info;
    if (info)
      lines.push(
        `  era: ${info.era}, protocol ${info.protocolVersion}${info.serverInfo ? `, server "${line(info.serverInfo.name, 80)}" ${line(info.serverInfo.version ?? '', 40)}` : ''}`,
      );
    const tools = this.tools && modelTools(this.tools);
    if (tools)
      lines.push(
        `  tools: ${tools.length} (${tools
          .map((t) => line(String(t.name), 60))
          .slice(0, 20)
          .join(', ')}${tools.length > 20 ? ', …' : ''})`,
      );
    const diagnostics = this.diagnostics();
    if (diagnostics.length) {
      const errors = diagnostics.filter((d) => d.severity === 'error').length;
      lines.push(
        `  diagnostics: ${diagnostics.length} (${errors} error${errors === 1 ? '' : 's'}): ${[...new Set(diagnostics.map((d) => d.rule))].join(', ')}`,
      );
    }
    return lines.join('\n');
  }
}
