import type { ElicitAnswer } from '../core/session/elicitation';
import { ELICIT_OPTION, parseElicit } from './elicitFlag';

/** The flags that answer what a server asks back: `--elicit`, `--sample TEXT`, `--root PATH` (all repeatable). */
export const ANSWER_OPTIONS = {
  ...ELICIT_OPTION,
  sample: { type: 'string', multiple: true },
  root: { type: 'string', multiple: true },
} as const;

export interface AnswerFlags {
  /** How to answer the server's elicitations, in order (`--elicit`). */
  elicit: ElicitAnswer[];
  /** The model's replies to the server's sampling requests, in order (`--sample`). */
  sample: string[];
  /** The directories roots/list answers with (`--root`); empty means the working directory. */
  roots: string[];
}

export function parseAnswerFlags(command: string, values: Record<string, unknown>): AnswerFlags {
  return {
    elicit: parseElicit(command, values.elicit as string[] | undefined),
    sample: (values.sample as string[] | undefined) ?? [],
    roots: (values.root as string[] | undefined) ?? [],
  };
}
