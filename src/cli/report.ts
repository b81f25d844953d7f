import type { Diagnostic } from '../core/diagnose/diagnostic';
import type { TraceEvent } from '../core/trace/event';
import type { ServerCommand } from './args';
import { summarize } from './summary';

/**
 * The `--json` report: one object, stable field order and names — other tools read it.
 * `resourceTemplates` rides beside `resources`; every other key is the documented contract.
 */
export interface JsonReport {
  server: { command: string; args: string[]; serverInfo: { name: string; version: string } | null } | null;
  era: 'modern' | 'legacy' | null;
  protocolVersion: string | null;
  capabilities: Record<string, unknown> | null;
  tools: Record<string, unknown>[];
  resources: Record<string, unknown>[];
  resourceTemplates: Record<string, unknown>[];
  prompts: Record<string, unknown>[];
  result?: unknown;
  diagnostics: Diagnostic[];
  events: readonly TraceEvent[];
}

export function buildReport(
  server: ServerCommand | null,
  events: readonly TraceEvent[],
  diagnostics: readonly Diagnostic[],
  result?: { value: unknown },
): JsonReport {
  const s = summarize(events);
  // Key order is part of the contract: `result` (call only) sits before diagnostics and events.
  return {
    server: server ? { command: server.command, args: server.args, serverInfo: s.serverInfo } : null,
    era: s.era,
    protocolVersion: s.protocolVersion,
    capabilities: s.capabilities,
    tools: s.tools,
    resources: s.resources,
    resourceTemplates: s.resourceTemplates,
    prompts: s.prompts,
    ...(result !== undefined ? { result: result.value } : {}),
    diagnostics: diagnostics.map(({ rule, severity, stage, message, evidence, retry, hint }) => ({ rule, severity, stage, message, evidence, retry, hint })),
    events,
  };
}
