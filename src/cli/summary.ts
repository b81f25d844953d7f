import { exitSentence, exitStory } from '../core/diagnose/exitStory';
import type { TraceEvent } from '../core/trace/event';
import { isRequest, isResponse } from '../core/wire/message';
import { isRecord } from '../core/schema/isRecord';
import { SKILLS_LIST } from '../core/skills/protocol';

export interface ServerSummary {
  era: 'modern' | 'legacy' | null;
  protocolVersion: string | null;
  capabilities: Record<string, unknown> | null;
  serverInfo: { name: string; version: string } | null;
  instructions: string | null;
  tools: Record<string, unknown>[];
  resources: Record<string, unknown>[];
  resourceTemplates: Record<string, unknown>[];
  prompts: Record<string, unknown>[];
  /** The entries of skills/list (the MCP Skills extension), each URI once, as listed. */
  skills: Record<string, unknown>[];
  /** How the process ended when it ended on its own (`exited (code 1): Error: ENOENT: …`), as the Servers view says it. */
  exit: string | null;
}

const LIST_KEYS = {
  'tools/list': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
  'prompts/list': 'prompts',
} as const;

type Obj = Record<string, unknown>;

/**
 * What a trace says about its server: era, version, capabilities and every listed item
 * (all pages). Read from the trace alone, so `check` (live) and `lint` (a file) agree.
 */
export function summarize(events: readonly TraceEvent[]): ServerSummary {
  const summary: ServerSummary = {
    era: null,
    protocolVersion: null,
    capabilities: null,
    serverInfo: null,
    instructions: null,
    tools: [],
    resources: [],
    resourceTemplates: [],
    prompts: [],
    skills: [],
    exit: null,
  };
  // Client requests by id: a response means what its request asked, matched by id (never order).
  const asked = new Map<string, string>();
  for (const e of events) {
    if (e.dir === 'meta' && e.kind === 'era' && isRecord(e.info)) {
      if (e.info.era === 'modern' || e.info.era === 'legacy') summary.era = e.info.era;
      if (typeof e.info.protocolVersion === 'string') summary.protocolVersion = e.info.protocolVersion;
      continue;
    }
    if (e.msg === undefined) continue;
    if (e.dir === 'c2s' && isRequest(e.msg)) {
      asked.set(String(e.msg.id), e.msg.method);
      continue;
    }
    if (e.dir !== 's2c' || !isResponse(e.msg) || !isRecord(e.msg.result)) continue;
    const method = asked.get(String(e.msg.id));
    const result = e.msg.result;
    if (method === 'initialize') {
      summary.era ??= 'legacy';
      if (typeof result.protocolVersion === 'string') summary.protocolVersion = result.protocolVersion;
      if (isRecord(result.capabilities)) summary.capabilities = result.capabilities;
      if (isRecord(result.serverInfo)) summary.serverInfo = serverInfo(result.serverInfo);
      if (typeof result.instructions === 'string') summary.instructions = result.instructions;
    } else if (method === 'server/discover' && Array.isArray(result.supportedVersions)) {
      summary.era ??= 'modern';
      if (isRecord(result.capabilities)) summary.capabilities = result.capabilities;
      const meta = isRecord(result._meta) ? result._meta : {};
      const info = meta['io.modelcontextprotocol/serverInfo'] ?? result.serverInfo;
      if (isRecord(info)) summary.serverInfo = serverInfo(info);
      if (typeof result.instructions === 'string') summary.instructions = result.instructions;
    } else if (method === SKILLS_LIST && Array.isArray(result.skills)) {
      // check lists skills and its skills probe lists them again: each skill once.
      for (const entry of result.skills.filter(isRecord)) if (!summary.skills.some((s) => s.uri === entry.uri)) summary.skills.push(entry);
    } else if (method !== undefined && method in LIST_KEYS) {
      const key = LIST_KEYS[method as keyof typeof LIST_KEYS];
      const items = result[key];
      if (Array.isArray(items)) summary[key].push(...items.filter(isRecord));
    }
  }
  summary.exit = exitOnItsOwn(events);
  return summary;
}

/** The exit, told as everywhere else, unless it was the answer to our closing stdin with a clean status. */
function exitOnItsOwn(events: readonly TraceEvent[]): string | null {
  const story = exitStory(events);
  if (!story) return null;
  let exited: number | undefined;
  let closed: number | undefined;
  for (const e of events) {
    if (e.dir === 'meta' && e.kind === 'exited') exited = e.seq;
    if (e.dir === 'meta' && e.kind === 'stdin-closed') closed = e.seq;
  }
  const asked = closed !== undefined && exited !== undefined && closed < exited;
  return asked && story.code === 0 && story.signal === null ? null : exitSentence(story);
}

function serverInfo(info: Obj): { name: string; version: string } {
  return { name: String(info.name ?? ''), version: String(info.version ?? '') };
}
