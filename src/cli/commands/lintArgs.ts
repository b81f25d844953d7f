import { HOST_PROFILES, hostProfile } from '../../core/hosts/hostProfiles';
import type { CommandSpec } from '../cliParser';
import { FAIL_ON_OPTION, parseFailOn, type FailOn } from '../failOn';
import { JSON_OPTION } from '../outputFlags';
import { EXIT_CODES, FAIL_ON } from '../usageBlocks';
import { UsageError } from '../usageError';

/** `mcp-lens lint`: its arguments, options and usage. */

export interface LintArgs {
  name: 'lint';
  json: boolean;
  failOn: FailOn;
  file: string;
  /** Hosts whose documented limits the trace's tool list is checked against (`--host openai`). */
  hosts: string[];
}

export const LINT_COMMAND: CommandSpec<LintArgs> = {
  usage: `Usage: mcp-lens lint [--json] [--fail-on LEVEL] [--host NAME]… FILE

The diagnostics over a trace file (*.mcptrace.jsonl, raw JSON-RPC lines or a VS Code
MCP output log), the same as a live session gives.

  --json           print one JSON report (with the file's problems)
  --host NAME      also check the trace's tools/list against what that host documents it
                   accepts (openai, anthropic, claude-code, gemini, cursor, vscode;
                   repeatable): names, tool count, description length and the JSON Schema
                   the host takes; each finding cites the host's page and says the fix;
                   and print each tool definition's token cost
                   (o200k_base); any host finding makes the exit code 1
${FAIL_ON}

${EXIT_CODES}`,
  refusesServerCommand: 'lint: takes a trace file, not a server command',
  options: { ...JSON_OPTION, ...FAIL_ON_OPTION, host: { type: 'string', multiple: true } },
  build: ({ values, positionals }) => {
    if (positionals.length !== 1) throw new UsageError('lint: expects exactly one trace FILE');
    const hosts = (values.host as string[] | undefined) ?? [];
    const unknown = hosts.find((h) => !hostProfile(h));
    if (unknown !== undefined)
      throw new UsageError(`lint: unknown host ${JSON.stringify(unknown)} (known: ${HOST_PROFILES.map((h) => h.id).join(', ')})`);
    return {
      name: 'lint',
      json: values.json === true,
      failOn: parseFailOn('lint', values['fail-on'] as string | undefined),
      file: positionals[0],
      hosts,
    };
  },
};
