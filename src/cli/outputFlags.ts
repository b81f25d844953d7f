import type { OptionValues } from './cliParser';
import { nonEmpty } from './flagValues';

/** The output option group: `--json` (one JSON report on stdout) and the CI report files `--junit FILE`, `--sarif FILE`. */

export const JSON_OPTION = { json: { type: 'boolean' } } as const;

export const REPORT_FILE_OPTIONS = {
  junit: { type: 'string' },
  sarif: { type: 'string' },
} as const;

/** `--junit FILE` and `--sarif FILE`, each only when given (and then not empty). */
export function reportFiles(command: string, values: OptionValues): { junit?: string; sarif?: string } {
  return {
    ...(values.junit !== undefined ? { junit: nonEmpty(command, '--junit', values.junit as string) } : {}),
    ...(values.sarif !== undefined ? { sarif: nonEmpty(command, '--sarif', values.sarif as string) } : {}),
  };
}
