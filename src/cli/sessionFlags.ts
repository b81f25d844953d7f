import type { OptionValues } from './cliParser';
import { FAIL_ON_OPTION, parseFailOn, type FailOn } from './failOn';
import { JSON_OPTION } from './outputFlags';
import { target, TARGET_OPTIONS, type ServerTarget } from './serverTarget';
import { signsIn, timeout, TIMEOUT_OPTION } from './timeoutFlag';

/**
 * The options of a command that runs one session against a server and reports on it (check,
 * call, read, prompt, skill, complete, watch): the output, timeout, --fail-on, transport and
 * auth groups together.
 */
export const SESSION_OPTIONS = { ...JSON_OPTION, ...TIMEOUT_OPTION, ...FAIL_ON_OPTION, ...TARGET_OPTIONS } as const;

export interface SessionFlags {
  json: boolean;
  timeoutMs: number;
  failOn: FailOn;
  server: ServerTarget;
}

/** The session options read, checked in this order: --timeout, --fail-on, then the server (`bare`: words that may be its command). */
export function sessionFlags(command: string, values: OptionValues, server: string[] | undefined, bare: string[]): SessionFlags {
  return {
    json: values.json === true,
    timeoutMs: timeout(command, values.timeout as string | undefined, signsIn(values)),
    failOn: parseFailOn(command, values['fail-on'] as string | undefined),
    server: target(command, values, server, bare),
  };
}
