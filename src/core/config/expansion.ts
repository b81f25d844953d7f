import { expandVariables, inputIds, type VariableContext } from './variables';
import type { ConfigProblem, InputDefinition, ServerConfig } from './types';

export class InputCancelledError extends Error {
  constructor(readonly inputId: string) {
    super(`no value was given for \${input:${inputId}}`);
  }
}

export interface ExpansionContext<C extends ServerConfig> {
  userHome: string;
  env: Record<string, string | undefined>;
  /** Asks the user for an input (or recalls it); undefined means they cancelled. */
  resolveInput(input: InputDefinition, server: C): Promise<string | undefined>;
}

/** The state both local and remote resolution share: problems found so far, secrets, and an expander. */
export interface Expansion {
  problems: ConfigProblem[];
  /** Values of `password` inputs used here, so traces and logs can hide them (DESIGN.md §5.8). */
  secrets: string[];
  problem(field: string, message: string): void;
  /** Expands `${...}` in one field's value, reporting errors against that field. */
  expand(field: string, value: string): string;
}

/**
 * Asks for the inputs that `strings` use, in order of first use (throws InputCancelledError if
 * the user cancels one), and returns an expander bound to those values.
 */
export async function prepareExpansion<C extends ServerConfig>(
  config: C,
  strings: readonly string[],
  ctx: ExpansionContext<C>,
): Promise<Expansion> {
  const problems: ConfigProblem[] = [];
  const problem = (field: string, message: string) => {
    problems.push({ file: config.file.path, server: config.name, field, message, line: config.line, severity: 'error' });
  };

  const inputs = new Map<string, string>();
  const secrets: string[] = [];
  for (const id of new Set(strings.flatMap(inputIds))) {
    const definition = config.inputs.find((i) => i.id === id);
    if (!definition) continue; // reported when the file was parsed
    const value = await ctx.resolveInput(definition, config);
    if (value === undefined) throw new InputCancelledError(id);
    inputs.set(id, value);
    if (definition.password && value !== '') secrets.push(value);
  }

  const vars: VariableContext = {
    kind: config.file.kind,
    workspaceFolder: config.file.workspaceFolder,
    userHome: ctx.userHome,
    env: ctx.env,
    inputs,
  };
  const expand = (field: string, value: string) => {
    const result = expandVariables(value, vars);
    for (const error of result.errors) problem(field, error);
    return result.value;
  };
  return { problems, secrets, problem, expand };
}
