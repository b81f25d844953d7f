import { SKILLS_EXTENSION } from '../skills/protocol';

/** What the client has been given to answer the server's asks with; each one declares a capability. */
export interface AnswerPaths {
  elicitForm: boolean;
  elicitUrl: boolean;
  sample: boolean;
  /** The sampling answerer can show `tools` and return tool_use content. */
  sampleTools: boolean;
  roots: boolean;
}

/**
 * Capabilities declared honestly: only what an answer path exists for. `roots.listChanged`
 * exists in 2025-11-25 only ("Removed in 2026-07-28: notifications/roots/list_changed").
 * The Skills extension is declared always: the client lists, gets and verifies skills
 * (src/core/skills), and SEP-2133 negotiates an extension from both sides, so a server may
 * refuse skills/list to a client that did not declare it.
 */
export function declaredCapabilities(paths: AnswerPaths, era: 'modern' | 'legacy'): Record<string, unknown> {
  const caps: Record<string, unknown> = { extensions: { [SKILLS_EXTENSION]: {} } };
  if (paths.roots) caps.roots = era === 'legacy' ? { listChanged: true } : {};
  if (paths.sample) caps.sampling = paths.sampleTools ? { tools: {} } : {};
  if (paths.elicitForm || paths.elicitUrl) {
    caps.elicitation = { ...(paths.elicitForm ? { form: {} } : {}), ...(paths.elicitUrl ? { url: {} } : {}) };
  }
  return caps;
}

/**
 * The capability a server ask needs, named as in ClientCapabilities (`elicitation.url`…), or
 * undefined for a method no capability governs. An elicitation without `mode` is form mode.
 */
export function capabilityFor(method: string, params: Record<string, unknown> | undefined): string | undefined {
  if (method === 'sampling/createMessage') return Array.isArray(params?.tools) ? 'sampling.tools' : 'sampling';
  if (method === 'roots/list') return 'roots';
  if (method === 'elicitation/create') return params?.mode === 'url' ? 'elicitation.url' : 'elicitation.form';
  return undefined;
}

/**
 * Whether `declared` (a ClientCapabilities object) grants `capability`. An empty
 * `elicitation` object is read as form mode only (2025-11-25 keeps older clients, which
 * declared `elicitation: {}` before modes existed, working).
 */
export function grants(declared: Record<string, unknown> | undefined, capability: string): boolean {
  const [head, sub] = capability.split('.');
  const value = declared?.[head];
  if (typeof value !== 'object' || value === null) return false;
  if (sub === undefined) return true;
  const inner = value as Record<string, unknown>;
  if (head === 'elicitation' && sub === 'form' && Object.keys(inner).length === 0) return true;
  return inner[sub] !== undefined;
}
