import { SIGN_IN_TIMEOUT_MS } from '../../core/auth/signInTimeout';
import type { CommandSpec } from '../cliParser';
import { count, nonEmpty } from '../flagValues';
import { JSON_OPTION, REPORT_FILE_OPTIONS, reportFiles } from '../outputFlags';
import { requireServer, target, TARGET_OPTIONS, type ServerTarget } from '../serverTarget';
import { signsIn, timeout, TIMEOUT_OPTION } from '../timeoutFlag';
import { SERVER } from '../usageBlocks';
import { UsageError } from '../usageError';

/** `mcp-lens fuzz`: its arguments, options and usage. */

export interface FuzzArgs {
  name: 'fuzz';
  /** Tools to fuzz; none means every tool the server lists. */
  tools: string[];
  runs: number;
  /** Absent: a new seed, printed so the run can be repeated. */
  seed?: number;
  allowDestructive: boolean;
  json: boolean;
  junit?: string;
  sarif?: string;
  /** A *.mcptest.json file the findings are saved to as regression tests. */
  save?: string;
  timeoutMs: number;
  server: ServerTarget;
}

/** A fuzz call that takes this long is taken for a hang: inputs are small, answers should be quick. */
const FUZZ_TIMEOUT_MS = 5_000;

export const FUZZ_COMMAND: CommandSpec<FuzzArgs> = {
  usage: `Usage: mcp-lens fuzz [TOOL…] [--runs N] [--seed S] [--allow-destructive] [--save FILE] [--junit FILE] [--sarif FILE] [--json] [--timeout MS] SERVER

Call each tool (or the TOOLs named) with inputs drawn from its inputSchema: valid ones and
near misses (a required field missing, a wrong type, a value past a bound or outside an
enum, an extra property, empty and 100 000-character strings, control and bidi characters,
deep nesting). Each finding (a crash, a hang, a leaked stack trace, an outputSchema broken,
an invalid input accepted, a valid one refused, stray stdout) is shrunk to its smallest
input. A hang waits the full --timeout once per kind of input; after that, inputs of that
kind wait a deadline learned from the server's own answers, and the hang is shrunk too (to
the shortest text that still hangs). The server is restarted after a crash, or after a hang
it does not recover from, and the run goes on; a remote server (--url) is reconnected with a
new session instead, and its memory is not sampled (memory-growth needs the server's process
on this machine). A tool that answers input_required (2026-07-28) is also answered with a
tampered requestState and with an answer it never asked for: it must refuse both.

  --runs N             inputs per tool (default 100)
  --seed S             draw the same inputs as an earlier run (each run prints its seed)
  --allow-destructive  also fuzz tools annotated destructiveHint: true (skipped otherwise)
  --save FILE          add each finding to FILE (*.mcptest.json) as a regression test
  --junit FILE         write JUnit XML (one test case per tool, and one per finding
                       across the run: memory-growth, latency-growth)
  --sarif FILE         write SARIF 2.1.0 (one result per finding)
  --json               print one JSON report with every finding and its input
  --timeout MS         how long a call may take before it counts as hung (default 5000;
                       starting the server and listing its tools wait at least 30 s)
                       (with --save and --url FILE must exist: it names its server)

${SERVER}

Exit codes: 0 no finding, 1 a finding (or the server could not start), 2 usage error.`,
  options: {
    runs: { type: 'string' },
    seed: { type: 'string' },
    'allow-destructive': { type: 'boolean' },
    ...JSON_OPTION,
    ...REPORT_FILE_OPTIONS,
    save: { type: 'string' },
    ...TIMEOUT_OPTION,
    ...TARGET_OPTIONS,
  },
  build: ({ values, positionals, server }) => {
    requireServer(values, server, 'fuzz: missing -- before the server command (or --url URL)');
    const seed = values.seed as string | undefined;
    if (seed !== undefined && !/^-?\d+$/.test(seed)) throw new UsageError(`fuzz: --seed takes a whole number, got ${JSON.stringify(seed)}`);
    return {
      name: 'fuzz',
      tools: positionals,
      runs: count('fuzz', '--runs', values.runs as string | undefined, 100)!,
      ...(seed !== undefined ? { seed: Number(seed) | 0 } : {}),
      allowDestructive: values['allow-destructive'] === true,
      json: values.json === true,
      ...reportFiles('fuzz', values),
      ...(values.save !== undefined ? { save: nonEmpty('fuzz', '--save', values.save as string) } : {}),
      timeoutMs:
        values.timeout === undefined ? (signsIn(values) ? SIGN_IN_TIMEOUT_MS : FUZZ_TIMEOUT_MS) : timeout('fuzz', values.timeout as string),
      // Tool names come before --: none of them is read as the server command.
      server: target('fuzz', values, server, []),
    };
  },
};
