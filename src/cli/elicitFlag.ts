import type { ElicitAnswer } from '../core/session/elicitation';
import { isRecord } from '../core/schema/isRecord';
import { UsageError } from './usageError';

export const ELICIT_OPTION = { elicit: { type: 'string', multiple: true } } as const;

/**
 * `--elicit accept | accept:JSON | decline | cancel` (DESIGN §7), one per elicitation the
 * server makes, in order. A bare `accept` submits the form's defaults; `accept:JSON` the
 * fields given, defaults filling the rest.
 */
export function parseElicit(command: string, values: readonly string[] = []): ElicitAnswer[] {
  return values.map((value) => {
    if (value === 'accept') return { action: 'accept' };
    if (value === 'decline' || value === 'cancel') return { action: value };
    if (value.startsWith('accept:')) {
      let content: unknown;
      try {
        content = JSON.parse(value.slice('accept:'.length));
      } catch (error) {
        throw new UsageError(`${command}: --elicit accept:JSON has invalid JSON: ${(error as Error).message}`);
      }
      if (!isRecord(content)) {
        throw new UsageError(`${command}: --elicit accept:JSON takes a JSON object of form fields, e.g. accept:'{"name":"Ada"}'`);
      }
      return { action: 'accept', content };
    }
    throw new UsageError(`${command}: --elicit takes accept, accept:JSON, decline or cancel, got ${JSON.stringify(value)}`);
  });
}
