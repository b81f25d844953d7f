import { parse } from 'uri-template';

/** The RFC 6570 operators: "" simple (level 1), "+" reserved and "#" fragment (level 2), "." "/" ";" "?" "&" (level 3). */
export type TemplateOperator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';

/** One variable of a template, as a form field needs it. */
export interface TemplateVariable {
  name: string;
  operator: TemplateOperator;
  /** Level 4 `{list*}`: a list (or map) whose members are expanded one by one. */
  explode: boolean;
  /** Level 4 `{var:3}`: only the first N characters are expanded. */
  prefix?: number;
}

export interface ParsedTemplate {
  template: string;
  /** Each variable once, in the order it first appears (a name may appear in several expressions). */
  variables: TemplateVariable[];
  expand(values: Record<string, TemplateValue>): string;
}

/** A value a variable takes: a string, a list (`{x*}` or `{x}` with commas), or undefined (left out, as the RFC says). */
export type TemplateValue = string | string[] | undefined;

/**
 * Parses an RFC 6570 URI template (levels 1–4) with the `uri-template` library. Throws with
 * the library's message for a malformed template (an unclosed `{`, an unknown operator).
 */
export function parseUriTemplate(template: string): ParsedTemplate {
  const parsed = parse(template);
  const variables: TemplateVariable[] = [];
  const seen = new Set<string>();
  for (const part of parsed.ast.parts) {
    if (part.type !== 'expression') continue;
    for (const v of part.variables) {
      if (seen.has(v.name)) continue;
      seen.add(v.name);
      const variable: TemplateVariable = { name: v.name, operator: part.operator, explode: v.modifier?.type === 'explode' };
      if (v.modifier?.type === 'substr') variable.prefix = v.modifier.length;
      variables.push(variable);
    }
  }
  return {
    template,
    variables,
    // "A variable defined as a list value is considered to be undefined if the list contains zero members" (RFC 6570 §2.3).
    expand: (values) => parsed.expand(definedOnly(values)),
  };
}

function definedOnly(values: Record<string, TemplateValue>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined && !(Array.isArray(v) && v.length === 0)) out[k] = v;
  return out;
}

/**
 * What the user typed into a field, as the variable's value: an exploded variable takes a
 * comma-separated list; an empty field is undefined (the RFC leaves undefined variables out).
 */
export function fieldValue(variable: TemplateVariable, text: string): TemplateValue {
  if (text === '') return undefined;
  if (variable.explode)
    return text
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  return text;
}

/** How a variable is written in its template, for a label: `{+path}`, `{?q}`, `{list*}`, `{var:3}`. */
export function variableSyntax(v: TemplateVariable): string {
  return `{${v.operator}${v.name}${v.explode ? '*' : ''}${v.prefix !== undefined ? `:${v.prefix}` : ''}}`;
}
