/**
 * Ajv errors → one readable message per field, keyed by the JSON Pointer of the field it
 * is about (a missing property is reported at the property, not at its parent object).
 */
import type { ErrorObject } from 'ajv';
import type { FieldError } from './formTypes';
import { childPointer } from './jsonPointer';

const ARTICLE: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

export function describeType(type: unknown): string {
  const types = Array.isArray(type) ? type : String(type).split(',');
  return types.map((t) => ARTICLE[String(t)] ?? String(t)).join(' or ');
}

export function readableError(error: ErrorObject): FieldError {
  const path = error.instancePath;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { path: childPointer(path, String(p.missingProperty)), message: 'Required' };
    case 'additionalProperties':
      return {
        path: childPointer(path, String(p.additionalProperty)),
        message: `"${String(p.additionalProperty)}" is not a parameter of this tool`,
      };
    case 'unevaluatedProperties':
      return { path: childPointer(path, String(p.unevaluatedProperty)), message: `"${String(p.unevaluatedProperty)}" is not allowed here` };
    case 'type':
      return { path, message: `Must be ${describeType(p.type)}` };
    case 'enum':
      return { path, message: `Must be one of: ${(p.allowedValues as unknown[]).map(show).join(', ')}` };
    case 'const':
      return { path, message: `Must be ${show(p.allowedValue)}` };
    case 'minLength':
      return { path, message: `Must be at least ${count(p.limit, 'character')}` };
    case 'maxLength':
      return { path, message: `Must be at most ${count(p.limit, 'character')}` };
    case 'minItems':
      return { path, message: `Needs at least ${count(p.limit, 'item')}` };
    case 'maxItems':
      return { path, message: `Takes at most ${count(p.limit, 'item')}` };
    case 'minProperties':
      return { path, message: `Needs at least ${count(p.limit, 'entry', 'entries')}` };
    case 'maxProperties':
      return { path, message: `Takes at most ${count(p.limit, 'entry', 'entries')}` };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { path, message: `Must be ${String(p.comparison).replace('>=', '≥').replace('<=', '≤')} ${String(p.limit)}` };
    case 'multipleOf':
      return { path, message: `Must be a multiple of ${String(p.multipleOf)}` };
    case 'pattern':
      return { path, message: `Must match the pattern ${String(p.pattern)}` };
    case 'format':
      return { path, message: `Must be a valid ${String(p.format)}` };
    case 'uniqueItems':
      return {
        path,
        message: `Items ${Math.min(Number(p.i), Number(p.j))} and ${Math.max(Number(p.i), Number(p.j))} are the same; every item must be different`,
      };
    default:
      return { path, message: capitalize(error.message ?? `fails "${error.keyword}"`) };
  }
}

function show(value: unknown): string {
  return JSON.stringify(value);
}

function count(n: unknown, one: string, many = `${one}s`): string {
  return `${String(n)} ${n === 1 ? one : many}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
