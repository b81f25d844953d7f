import type { CommandSpec } from '../cliParser';
import { JSON_OPTION, REPORT_FILE_OPTIONS, reportFiles } from '../outputFlags';
import { rejectRemoteFlags, target, TARGET_OPTIONS, type ServerTarget, type TargetValues } from '../serverTarget';
import { signsIn, timeout, TIMEOUT_OPTION } from '../timeoutFlag';
import { SERVER } from '../usageBlocks';
import { UsageError } from '../usageError';

/** `mcp-lens test`: its arguments, options and usage. */

export interface TestArgs {
  name: 'test';
  /** Test files; none means every *.mcptest.json under the current folder. */
  files: string[];
  junit?: string;
  sarif?: string;
  updateSnapshots: boolean;
  json: boolean;
  timeoutMs: number;
  /** Runs every file against this server (`-- CMD` or `--url URL`) instead of the one it names. */
  server?: ServerTarget;
}

export const TEST_COMMAND: CommandSpec<TestArgs> = {
  usage: `Usage: mcp-lens test [FILES…] [--junit FILE] [--sarif FILE] [--update-snapshots] [--json] [--timeout MS] [SERVER]

Run saved calls (*.mcptest.json; every one under the current folder when no FILES are
given) against the server each file names, or against SERVER instead (-- CMD, or --url
URL for the same tests on a deployed server), and print each failure as expected vs actual.

  --junit FILE         write JUnit XML for CI systems
  --sarif FILE         write SARIF 2.1.0 (stray stdout at the source line that wrote it)
  --update-snapshots   rewrite stale snapshots in place (comments kept)
  --json               print one JSON report of every test
  --timeout MS         how long each request may take (default 30000)

${SERVER}

Exit codes: 0 every test passed, 1 a test failed, 2 usage error.`,
  options: { ...REPORT_FILE_OPTIONS, 'update-snapshots': { type: 'boolean' }, ...JSON_OPTION, ...TIMEOUT_OPTION, ...TARGET_OPTIONS },
  build: ({ values, positionals, server }) => {
    // The files name their server; `-- CMD` or `--url URL` overrides it for every file.
    const override = server !== undefined || values.url !== undefined ? target('test', values, server, []) : undefined;
    if (!override) {
      rejectRemoteFlags('test', values as TargetValues);
      if (values['client-profile'] !== undefined)
        throw new UsageError("test: --client-profile goes with -- CMD or --url (the server that overrides the files' own)");
    }
    return {
      name: 'test',
      files: positionals,
      ...reportFiles('test', values),
      updateSnapshots: values['update-snapshots'] === true,
      json: values.json === true,
      timeoutMs: timeout('test', values.timeout as string | undefined, signsIn(values)),
      ...(override ? { server: override } : {}),
    };
  },
};
