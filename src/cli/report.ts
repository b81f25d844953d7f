import type { Diagnostic } from '../core/diagnose/diagnostic';
import type { TraceEvent } from '../core/trace/event';
import type { InputRound } from '../core/session/inputRequired';
import type { ProbeId, ProbeOutcome } from '../core/probe/probe';
import { isRemote, type ServerTarget } from './serverTarget';
import { redactUrl } from '../core/transport/httpRedact';
import { summarize } from './summary';
import { skillsDeclaration } from '../core/skills/protocol';

/**
 * The `--json` report: one object, stable field order and names — other tools read it.
 * `resourceTemplates` rides beside `resources`; every other key is the documented contract.
 */
export interface JsonReport {
  /** `command`/`args` for a stdio server, `url` (credentials hidden) for a Streamable HTTP one. */
  server:
    | { command: string; args: string[]; serverInfo: { name: string; version: string } | null }
    | { url: string; serverInfo: { name: string; version: string } | null }
    | null;
  era: 'modern' | 'legacy' | null;
  protocolVersion: string | null;
  capabilities: Record<string, unknown> | null;
  tools: Record<string, unknown>[];
  resources: Record<string, unknown>[];
  resourceTemplates: Record<string, unknown>[];
  prompts: Record<string, unknown>[];
  /** The skills/list entries (MCP Skills extension), present when the server declares it. */
  skills?: Record<string, unknown>[];
  result?: unknown;
  /** What the server asked back and what was answered, in order (call, read, prompt). */
  inputRounds?: InputRound[];
  /** check: every probe selected, in order, with whether it ran, was skipped or failed, and why. */
  probes?: { id: ProbeId; status: ProbeOutcome['status']; reason?: string }[];
  diagnostics: Diagnostic[];
  events: readonly TraceEvent[];
}

export function buildReport(
  server: ServerTarget | null,
  events: readonly TraceEvent[],
  diagnostics: readonly Diagnostic[],
  result?: { value: unknown },
  inputRounds?: InputRound[],
  probes?: readonly ProbeOutcome[],
): JsonReport {
  const s = summarize(events);
  // Key order is part of the contract: `result` (call only) sits before diagnostics and events.
  return {
    server: server ? { ...where(server), serverInfo: s.serverInfo } : null,
    era: s.era,
    protocolVersion: s.protocolVersion,
    capabilities: s.capabilities,
    tools: s.tools,
    resources: s.resources,
    resourceTemplates: s.resourceTemplates,
    prompts: s.prompts,
    ...(s.skills.length || skillsDeclaration(s.capabilities ?? undefined) ? { skills: s.skills } : {}),
    ...(result !== undefined ? { result: result.value } : {}),
    ...(inputRounds !== undefined ? { inputRounds } : {}),
    ...(probes !== undefined
      ? { probes: probes.map((o) => ({ id: o.probe, status: o.status, ...(o.status === 'ran' ? {} : { reason: o.reason }) })) }
      : {}),
    diagnostics: diagnostics.map(({ rule, severity, stage, message, evidence, retry, hint }) => ({
      rule,
      severity,
      stage,
      message,
      evidence,
      retry,
      hint,
    })),
    events,
  };
}

function where(server: ServerTarget): { command: string; args: string[] } | { url: string } {
  return isRemote(server) ? { url: redactUrl(server.url, server.secrets) } : { command: server.command, args: server.args };
}
