import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import { AgentInputError, bounded, lastCount, line, MAX_LAST } from '../../core/agent/bounds';
import { diagnosticsText } from '../../core/agent/diagnosticsText';
import { eventsText, lastMessages, lastStderr } from '../../core/agent/eventText';
import { itemsText } from '../../core/agent/listsText';
import { agentCall } from '../../core/agent/toolCall';
import { checkRunning } from '../../core/agent/checkRunning';
import { configuredText, INPUT_ENV_PREFIX, type ConfiguredServers } from './configured';
import type { ListKind, SessionSpec } from './heldSession';
import type { Sessions } from './sessions';

const MAX_TIMEOUT_MS = 300_000;
const name = z.string().min(1).describe('The session name given to start_server.');
const timeoutMs = z
  .number()
  .int()
  .min(100)
  .max(MAX_TIMEOUT_MS)
  .optional()
  .describe('Give up after this many milliseconds (default 30000).');
const last = z.number().int().min(1).max(MAX_LAST).optional().describe(`How many of the newest (default 30, at most ${MAX_LAST}).`);

type Answer = { content: { type: 'text'; text: string }[]; isError?: boolean };

/** Text for the agent; an input mistake is answered as a tool error (isError) it can act on. */
async function answer(run: () => string | Promise<string>): Promise<Answer> {
  try {
    return { content: [{ type: 'text', text: bounded(await run()) }] };
  } catch (error) {
    const text =
      error instanceof AgentInputError
        ? error.message
        : `mcp-lens failed: ${line(error instanceof Error ? error.message : String(error), 1000)}`;
    return { content: [{ type: 'text', text }], isError: true };
  }
}

/** The operations of the VS Code language-model tools, as MCP tools over named sessions. */
export function registerAgentTools(server: McpServer, sessions: Sessions, defaultTimeoutMs: number, configured: ConfiguredServers): void {
  server.registerTool(
    'start_server',
    {
      description: `Starts an MCP server under test over stdio and keeps the session open under a name, for the other tools. With just a name, starts the server of that name the workspace configures (see list_servers) exactly as the editor would: \${workspaceFolder}, \${env:…} and envFile expanded, and each \${input:id} read from the variable ${INPUT_ENV_PREFIX}<ID> (the id upper-cased, other characters as _; e.g. \${input:api-key} from ${INPUT_ENV_PREFIX}API_KEY). With a command, runs that command line. MCP Lens negotiates the protocol era (modern server/discover or legacy initialize), lists its tools and records every message and stderr line. Returns its state, era and tools, or why it failed to start (then read get_diagnostics and read_stderr). Runs the command on this machine.`,
      inputSchema: {
        name: z
          .string()
          .min(1)
          .max(80)
          .describe('A name for this session, e.g. "weather"; without a command, the name of a configured server.'),
        command: z
          .string()
          .min(1)
          .optional()
          .describe('The program, e.g. "node" or "uv" (omit it to start the configured server of that name).'),
        args: z.array(z.string()).optional().describe('Its arguments, e.g. ["build/index.js"].'),
        cwd: z.string().optional().describe('Working directory (default: where mcp-lens runs).'),
        env: z.record(z.string(), z.string()).optional().describe('Extra environment variables.'),
      },
    },
    (input) =>
      answer(async () => {
        let spec: SessionSpec;
        if (input.command !== undefined) spec = { command: input.command, args: input.args ?? [], cwd: input.cwd, env: input.env };
        else if (input.args !== undefined || input.cwd !== undefined)
          throw new AgentInputError('"args" and "cwd" go with "command"; a configured server is started with its own.');
        else {
          const found = await configured.spec(input.name);
          spec = input.env ? { ...found, env: { ...found.env, ...input.env } } : found;
        }
        const session = await sessions.start(input.name, spec);
        return `${session.state.kind === 'running' ? 'Started.' : 'Not started.'}\n${session.statusText()}`;
      }),
  );
  server.registerTool(
    'list_servers',
    {
      description:
        'Lists the servers the workspace configures (.vscode/mcp.json, .mcp.json, .cursor/mcp.json of the folder mcp-lens runs in), after the sessions this MCP Lens holds, each configured server with its command as configured and the file and line it is configured at; the sessions: name, command, state (running, exited with code, failed), protocol era and version, tools, and the rules of any diagnostics raised.',
      inputSchema: {},
    },
    () =>
      answer(async () => {
        const { servers, problems } = await configured.all();
        // The sessions first (what an agent acts on), then what the folder's configs offer to start.
        const parts = [
          sessions.all.length
            ? `${sessions.all.length} session(s):\n${sessions.all.map((s) => s.statusText()).join('\n')}`
            : 'No sessions yet: start one with start_server.',
          servers.length
            ? `${servers.length} configured server(s) in ${configured.folder} (start one with start_server and just its name; commands as configured, variables expanded at start):\n${servers.map(configuredText).join('\n')}`
            : `No configured servers in ${configured.folder} (.vscode/mcp.json, .mcp.json, .cursor/mcp.json).`,
        ];
        if (problems.length) parts.push(`Config problems:\n${problems.map((p) => `- ${p}`).join('\n')}`);
        return parts.join('\n\n');
      }),
  );
  server.registerTool(
    'restart_server',
    {
      description:
        "Stops a session's server and starts the same command again, e.g. after you changed and rebuilt its code. The trace goes on after a restart marker; requests still in flight are marked lost.",
      inputSchema: { name },
    },
    (input) =>
      answer(async () => {
        const session = sessions.get(input.name);
        await session.restart('restart_server');
        return `${session.state.kind === 'running' ? 'Restarted.' : 'Restart failed.'}\n${session.statusText()}`;
      }),
  );
  server.registerTool(
    'stop_server',
    {
      description: "Stops a session's server (its whole process tree). Its messages, stderr and diagnostics stay readable.",
      inputSchema: { name },
    },
    (input) =>
      answer(async () => {
        const session = sessions.get(input.name);
        await session.stop();
        return `Stopped.\n${session.statusText()}`;
      }),
  );
  server.registerTool(
    'list_capabilities',
    {
      description:
        "Lists what a running server offers: tools (parameters, required ones marked *), resources and templates, prompts. schemas: true adds each tool's full inputSchema.",
      inputSchema: { name, kind: z.enum(['tools', 'resources', 'prompts', 'all']).optional(), schemas: z.boolean().optional() },
    },
    (input) =>
      answer(async () => {
        const session = sessions.get(input.name);
        const kinds: ListKind[] = !input.kind || input.kind === 'all' ? ['tools', 'resources', 'prompts'] : [input.kind];
        const parts: string[] = [];
        for (const kind of kinds) {
          const declared = kind === 'tools' || kind in (session.info?.capabilities ?? {});
          if (!declared) {
            parts.push(`${kind}: not offered (the capability is not declared).`);
            continue;
          }
          parts.push(
            await session.list(kind).then(
              (items) => itemsText(kind, items, input.schemas === true),
              (e: unknown) => `${kind}: listing failed: ${line(e instanceof Error ? e.message : String(e), 500)}`,
            ),
          );
        }
        return parts.join('\n\n');
      }),
  );
  server.registerTool(
    'call_tool',
    {
      description:
        "Calls one tool of a running session's server and returns the result content, the isError flag (true: the tool ran and reported a failure; a JSON-RPC error means the request never reached the tool), the latency, every message and stderr line of this call, and every diagnostic the call raised (e.g. output-schema-mismatch, stray-stdout) with its fix. The call is cancelled after timeoutMs.",
      inputSchema: {
        name,
        tool: z.string().min(1).describe('Tool name exactly as listed.'),
        arguments: z.record(z.string(), z.unknown()).optional().describe('The tool arguments, a JSON object.'),
        timeoutMs,
      },
    },
    (input) =>
      answer(async () => {
        const session = sessions.get(input.name);
        const client = session.running();
        const outcome = await agentCall(
          {
            name: session.name,
            client,
            trace: session.trace,
            diagnostics: () => session.diagnostics(),
            tools: session.tools,
            protocolVersion: session.info?.protocolVersion,
          },
          input.tool,
          input.arguments ?? {},
          { timeoutMs: input.timeoutMs ?? defaultTimeoutMs },
        );
        return outcome.text;
      }),
  );
  server.registerTool(
    'get_diagnostics',
    {
      description:
        'Returns the diagnostics MCP Lens raised over a session (all its runs), errors first: rule id, stage, what happened, the fix, and the trace lines that prove it (#seq, direction, raw line). Read these after a failed start, a crash or a surprising result.',
      inputSchema: { name },
    },
    (input) =>
      answer(() => {
        const session = sessions.get(input.name);
        return `${session.name} (${session.stateText()}):\n${diagnosticsText(session.diagnostics(), (seq) => session.trace.event(seq))}`;
      }),
  );
  server.registerTool(
    'read_messages',
    {
      description:
        'Returns the last N events of a session, oldest first: JSON-RPC messages to the server (→) and from it (←), stdout lines that are not JSON-RPC ([stray]), lifecycle facts (·: spawned, exited, restarted). Lines are cut at 600 characters.',
      inputSchema: { name, last },
    },
    (input) =>
      answer(() => {
        const session = sessions.get(input.name);
        const events = session.trace.events;
        return `${session.name} (${session.stateText()}):\n${eventsText('messages', lastMessages(events, lastCount(input.last, 'last')), events.filter((e) => e.dir !== 'stderr').length)}`;
      }),
  );
  server.registerTool(
    'read_stderr',
    {
      description: "Returns the last N lines a session's server wrote to stderr (its logs, a crash's stack trace), oldest first.",
      inputSchema: { name, last },
    },
    (input) =>
      answer(() => {
        const session = sessions.get(input.name);
        const events = session.trace.events;
        return `${session.name} (${session.stateText()}):\n${eventsText('stderr lines', lastStderr(events, lastCount(input.last, 'last')), events.filter((e) => e.dir === 'stderr').length)}`;
      }),
  );
  server.registerTool(
    'check',
    {
      description:
        "Runs MCP Lens's check on a running session: asks for every list (declared or not), reads the first resource, and answers PASSED or FAILED with every diagnostic, its evidence and fix.",
      inputSchema: { name, timeoutMs },
    },
    (input) =>
      answer(async () => {
        const session = sessions.get(input.name);
        return checkRunning(
          {
            name: session.name,
            client: session.running(),
            diagnostics: () => session.diagnostics(),
            event: (seq) => session.trace.event(seq),
            status: () => session.statusText(),
          },
          input.timeoutMs ?? defaultTimeoutMs,
        );
      }),
  );
}
