import type { CommandSpec } from './cliParser';
import { CALL_COMMAND, type CallArgs } from './commands/callArgs';
import { CHECK_COMMAND, type CheckArgs } from './commands/checkArgs';
import { COMPLETE_COMMAND, type CompleteArgs } from './commands/completeArgs';
import { DIFF_COMMAND, type DiffArgs } from './commands/diffArgs';
import { EVAL_COMMAND, type EvalArgs } from './commands/evalArgs';
import { FUZZ_COMMAND, type FuzzArgs } from './commands/fuzzArgs';
import { LINT_COMMAND, type LintArgs } from './commands/lintArgs';
import { LOAD_COMMAND, type LoadArgs } from './commands/loadArgs';
import { LOGOUT_COMMAND, type LogoutArgs } from './commands/logoutArgs';
import { PROMPT_COMMAND, type PromptArgs } from './commands/promptArgs';
import { READ_COMMAND, type ReadArgs } from './commands/readArgs';
import { REPLAY_COMMAND, type ReplayArgs } from './commands/replayArgs';
import { SKILL_COMMAND, type SkillArgs } from './commands/skillArgs';
import { TEST_COMMAND, type TestArgs } from './commands/testArgs';
import { WATCH_COMMAND, type WatchArgs } from './commands/watchArgs';
import { MCP_COMMAND, type McpArgs } from './mcp/mcpArgs';
import { RECORD_COMMAND, type RecordArgs, type RecordListenArgs } from './record/recordArgs';

/** Every command mcp-lens runs, by name, each with its usage and options (declared beside its code). */

/** What one command's options were read as: the arguments its runner takes. */
export type CommandArgs =
  | WatchArgs
  | LogoutArgs
  | FuzzArgs
  | LoadArgs
  | CheckArgs
  | CallArgs
  | ReadArgs
  | SkillArgs
  | PromptArgs
  | CompleteArgs
  | RecordArgs
  | RecordListenArgs
  | LintArgs
  | McpArgs
  | TestArgs
  | EvalArgs
  | DiffArgs
  | ReplayArgs;

export const COMMANDS: Readonly<Record<string, CommandSpec<CommandArgs>>> = {
  mcp: MCP_COMMAND,
  check: CHECK_COMMAND,
  call: CALL_COMMAND,
  read: READ_COMMAND,
  watch: WATCH_COMMAND,
  prompt: PROMPT_COMMAND,
  skill: SKILL_COMMAND,
  complete: COMPLETE_COMMAND,
  record: RECORD_COMMAND,
  test: TEST_COMMAND,
  eval: EVAL_COMMAND,
  diff: DIFF_COMMAND,
  replay: REPLAY_COMMAND,
  logout: LOGOUT_COMMAND,
  fuzz: FUZZ_COMMAND,
  load: LOAD_COMMAND,
  lint: LINT_COMMAND,
};

/** That command's spec, or undefined for a word that names no command (`toString` included). */
export function commandSpec(command: string | undefined): CommandSpec<CommandArgs> | undefined {
  return command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
}
