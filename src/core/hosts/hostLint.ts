/**
 * A server's tool list against what hosts document that they accept: each finding names the
 * host, the limit, the page that states it, and the fix. A host rejects (or silently drops) a
 * tool that breaks these, so the model never sees it there although it works elsewhere.
 */
import type { HostProfile, LimitEffect } from './hostProfiles';
import { schemaFindings, type SchemaRule } from './schemaFindings';

export type HostRule = 'host-tool-name' | 'host-tool-count' | 'host-description-length' | SchemaRule;

/** Every host rule id, in the order the table of docs/hosts.md lists them. */
export const HOST_RULES: readonly HostRule[] = [
  'host-tool-name',
  'host-tool-count',
  'host-description-length',
  'host-schema-root',
  'host-schema-keyword',
  'host-schema-type-union',
  'host-schema-ref',
  'host-schema-boolean',
  'host-schema-untyped',
];

export interface HostFinding {
  host: string;
  rule: HostRule;
  /** The tool the finding is about; absent for one about the whole list (the count). */
  tool?: string;
  /** `rejects`: the host refuses the request or the tool; `truncates`: it cuts and goes on. */
  effect: LimitEffect;
  message: string;
  fix: string;
  source: string;
}

export type HostTool = { name?: unknown; description?: unknown; inputSchema?: unknown };

export function hostFindings(tools: readonly HostTool[], hosts: readonly HostProfile[]): HostFinding[] {
  const out: HostFinding[] = [];
  for (const host of hosts) {
    for (const tool of tools) out.push(...toolFindings(tool, host));
    if (host.maxTools && tools.length > host.maxTools.value) {
      out.push({
        host: host.id,
        rule: 'host-tool-count',
        effect: 'rejects',
        message: `${host.name} takes at most ${host.maxTools.value} tools at once; this server alone lists ${tools.length}`,
        fix: 'Split the server by domain, or let users enable groups of tools (a flag or an environment variable), so that one group fits with room for other servers.',
        source: host.maxTools.source,
      });
    }
  }
  return out;
}

/** One tool's findings for one host: its name, its description, its schema. */
export function toolFindings(tool: HostTool, host: HostProfile): HostFinding[] {
  const out: HostFinding[] = [];
  const name = String(tool.name ?? '');
  if (host.toolName) {
    const pattern = new RegExp(host.toolName.value.pattern);
    if (!pattern.test(name)) {
      out.push({
        host: host.id,
        rule: 'host-tool-name',
        tool: name,
        effect: 'rejects',
        message: `${host.name} rejects the tool name ${JSON.stringify(name)}: names must be ${host.toolName.value.words}`,
        fix: `Rename it to ${JSON.stringify(suggestName(name, pattern))} or another name of that form.`,
        source: host.toolName.source,
      });
    }
  }
  const description = typeof tool.description === 'string' ? tool.description : '';
  if (host.description && description.length > host.description.value.maxChars) {
    const { maxChars, effect } = host.description.value;
    out.push({
      host: host.id,
      rule: 'host-description-length',
      tool: name,
      effect,
      message: `${host.name} ${effect === 'truncates' ? 'cuts' : 'rejects'} tool descriptions over ${maxChars} characters; ${JSON.stringify(name)} has ${description.length}${effect === 'truncates' ? ', so the model never reads its end' : ''}`,
      fix: 'Lead with what the tool does and when to use it, keep the description under the limit, and move reference material into parameter descriptions or a resource.',
      source: host.description.source,
    });
  }
  out.push(...schemaFindings(tool, host));
  return out;
}

/** The name with every character the host refuses turned into `_`, cut to 64, starting with a letter. */
function suggestName(name: string, pattern: RegExp): string {
  let candidate = name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64) || 'tool';
  if (!/^[a-zA-Z_]/.test(candidate)) candidate = `t_${candidate}`.slice(0, 64);
  return pattern.test(candidate) ? candidate : candidate.replace(/[^a-zA-Z0-9_]/g, '_');
}
