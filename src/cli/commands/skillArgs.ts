import type { CommandSpec } from '../cliParser';
import { requireServer } from '../serverTarget';
import { SESSION_OPTIONS, sessionFlags, type SessionFlags } from '../sessionFlags';
import { REQUEST_TAIL } from '../usageBlocks';

/** `mcp-lens skill`: its arguments, options and usage. */

export interface SkillArgs extends SessionFlags {
  name: 'skill';
  /** A skill's SKILL.md URI to load; none: list the skills. */
  uri: string | undefined;
}

export const SKILL_COMMAND: CommandSpec<SkillArgs> = {
  usage: `Usage: mcp-lens skill [URI] [--json] [--timeout MS] [--fail-on LEVEL] SERVER

The MCP Skills extension (io.modelcontextprotocol/skills, SEP-2640) of a server that
declares it. Without URI: every skill skills/list returns (all pages), its name, SKILL.md
URI and description. With the URI of a skill's SKILL.md: its entry (the listing's, else
skills/get), then resources/read of that file, printed only once its size, SHA-256 digest and frontmatter match the entry (a
host must not use a file that does not: skill-file-mismatch, exit 1). Nothing else of the
skill is read, and nothing is run.

  --json           print one JSON report: the listing ({skills}) or {skill, file: {verified,
                   digestChecked, faults, text}}, the diagnostics and the trace
${REQUEST_TAIL}`,
  options: SESSION_OPTIONS,
  build: ({ values, positionals, server }) => {
    const [uri, ...more] = positionals;
    requireServer(values, server, 'skill: missing -- before the server command');
    return { name: 'skill', uri: uri === '' ? undefined : uri, ...sessionFlags('skill', values, server, more) };
  },
};
