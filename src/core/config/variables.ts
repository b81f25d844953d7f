import * as path from 'node:path';
import type { ConfigKind } from './types';

const VARIABLE = /\$\{([^}]*)\}/g;
/** Claude Code's `.mcp.json` expands `${NAME}` and `${NAME:-default}` from the environment. */
const SHELL_STYLE = /^([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/s;

export interface VariableContext {
  kind: ConfigKind;
  workspaceFolder?: string;
  userHome: string;
  env: Record<string, string | undefined>;
  /** Values of `${input:id}` already obtained from the user. */
  inputs: ReadonlyMap<string, string>;
}

type Expansion = { value: string } | { error: string };

function expandOne(name: string, ctx: VariableContext): Expansion {
  if (name === 'workspaceFolder' || name === 'workspaceFolderBasename') {
    if (!ctx.workspaceFolder) return { error: `\${${name}} has no meaning outside a workspace` };
    return { value: name === 'workspaceFolder' ? ctx.workspaceFolder : path.basename(ctx.workspaceFolder) };
  }
  if (name === 'userHome') return { value: ctx.userHome };
  if (name === 'pathSeparator' || name === '/') return { value: path.sep };
  if (name.startsWith('env:')) return { value: ctx.env[name.slice(4)] ?? '' }; // VS Code: an unset variable is empty
  if (name.startsWith('input:')) {
    const id = name.slice(6);
    const value = ctx.inputs.get(id);
    return value === undefined ? { error: `no value for \${input:${id}}` } : { value };
  }
  const shell = ctx.kind === 'mcp' ? SHELL_STYLE.exec(name) : null;
  if (shell) {
    const value = ctx.env[shell[1]] ?? shell[2];
    return value === undefined ? { error: `environment variable ${shell[1]} is not set and \${${name}} has no default` } : { value };
  }
  return { error: `unknown variable \${${name}}` };
}

/** Replaces every `${…}`; an error names each variable that could not be expanded. */
export function expandVariables(value: string, ctx: VariableContext): { value: string; errors: string[] } {
  const errors: string[] = [];
  const out = value.replace(VARIABLE, (whole, name: string) => {
    const result = expandOne(name, ctx);
    if ('error' in result) {
      errors.push(result.error);
      return whole;
    }
    return result.value;
  });
  return { value: out, errors };
}

/** The `${input:id}` ids a string refers to. */
export function inputIds(value: string): string[] {
  return [...value.matchAll(VARIABLE)]
    .map((m) => m[1])
    .filter((n) => n.startsWith('input:'))
    .map((n) => n.slice(6));
}

/**
 * Problems that can be seen without running anything: unknown variables, inputs that the
 * file never defines, `${workspaceFolder}` in a file that belongs to no workspace.
 */
export function checkVariables(value: string, kind: ConfigKind, definedInputs: ReadonlySet<string>, hasWorkspace: boolean): string[] {
  const problems: string[] = [];
  for (const match of value.matchAll(VARIABLE)) {
    const name = match[1];
    if (name === 'workspaceFolder' || name === 'workspaceFolderBasename') {
      if (!hasWorkspace) problems.push(`\${${name}} has no meaning outside a workspace`);
    } else if (name.startsWith('input:')) {
      const id = name.slice(6);
      if (!definedInputs.has(id)) problems.push(`\${input:${id}} refers to an input that "inputs" does not define`);
    } else if (!(name === 'userHome' || name === 'pathSeparator' || name === '/' || name.startsWith('env:'))) {
      if (!(kind === 'mcp' && SHELL_STYLE.test(name))) problems.push(`unknown variable \${${name}}`);
    }
  }
  return problems;
}
