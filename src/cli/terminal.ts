import { createInterface, type Interface } from 'node:readline/promises';
import { terminalSafe } from './terminalSafe';

/** Questions asked on the user's terminal (prompts on stderr, so stdout stays the result). */
export interface Terminal {
  ask(question: string): Promise<string>;
  close(): void;
}

/** A terminal when stdin and stderr are both TTYs; undefined in a pipe or CI, where nobody can answer. */
export function openTerminal(): Terminal | undefined {
  if (!process.stdin.isTTY || !process.stderr.isTTY) return undefined;
  let rl: Interface | undefined;
  return {
    ask: (question) => {
      rl ??= createInterface({ input: process.stdin, output: process.stderr, terminal: true });
      // A question can hold a server's text (an elicitation schema's enum values).
      return rl.question(terminalSafe(question));
    },
    close: () => rl?.close(),
  };
}
