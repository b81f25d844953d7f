/**
 * A server's tool list against what hosts document that they accept: each finding names the
 * host, the limit, the page that states it, and the fix. A host rejects (or silently drops) a
 * tool that breaks these, so the model never sees it there although it works elsewhere.
 */
import type { HostProfile } from './hostProfiles';

export type HostRule = 'host-tool-name' | 'host-tool-count';

export interface HostFinding {
  host: string;
  rule: HostRule;
  tool?: string;
  message: string;
  fix: string;
  source: string;
}

export function hostFindings(tools: readonly { name?: unknown }[], hosts: readonly HostProfile[]): HostFinding[] {
  const out: HostFinding[] = [];
  for (const host of hosts) {
    if (host.toolName) {
      const pattern = new RegExp(host.toolName.value.pattern);
      for (const tool of tools) {
        const name = String(tool.name ?? '');
        if (pattern.test(name)) continue;
        out.push({
          host: host.id,
          rule: 'host-tool-name',
          tool: name,
          message: `${host.name} rejects the tool name ${JSON.stringify(name)}: names must be ${host.toolName.value.words}`,
          fix: `Rename it to ${JSON.stringify(suggestName(name, pattern))} or another name of that form.`,
          source: host.toolName.source,
        });
      }
    }
    if (host.maxTools && tools.length > host.maxTools.value) {
      out.push({
        host: host.id,
        rule: 'host-tool-count',
        message: `${host.name} takes at most ${host.maxTools.value} tools at once; this server alone lists ${tools.length}`,
        fix: 'Split the server by domain, or let users enable groups of tools (a flag or an environment variable), so that one group fits with room for other servers.',
        source: host.maxTools.source,
      });
    }
  }
  return out;
}

/** The name with every character the host refuses turned into `_`, cut to 64, starting with a letter. */
function suggestName(name: string, pattern: RegExp): string {
  let candidate = name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64) || 'tool';
  if (!/^[a-zA-Z_]/.test(candidate)) candidate = `t_${candidate}`.slice(0, 64);
  return pattern.test(candidate) ? candidate : candidate.replace(/[^a-zA-Z0-9_]/g, '_');
}
