/**
 * Tools whose arguments are a few flat scalars can be run from quick inputs instead of the
 * form. Pure (no `vscode`): unit-tested in plain node.
 */
import { saidBound } from '../../core/schema/boundsText';
import type { Field, FormModel } from '../../core/schema/formTypes';

export type SimpleField = Extract<Field, { kind: 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'const' }>;

/** A tool whose arguments are a few flat scalars can be run from quick inputs, no form needed. */
export function simpleFields(model: FormModel): SimpleField[] | undefined {
  const root = model.root;
  if (root.kind !== 'object' || root.additional) return undefined;
  if (root.fields.length > 4) return undefined;
  const simple = root.fields.every((f) => ['string', 'number', 'integer', 'boolean', 'enum', 'const'].includes(f.kind) && !f.nullable);
  return simple ? (root.fields as SimpleField[]) : undefined;
}

export function bounds(field: Extract<Field, { kind: 'number' | 'integer' }>): string {
  const low = saidBound(field.minimum ?? field.exclusiveMinimum);
  const high = saidBound(field.maximum ?? field.exclusiveMaximum);
  const what = field.kind === 'integer' ? 'an integer' : 'a number';
  if (low !== undefined && high !== undefined) return `${what} from ${low} to ${high}`;
  if (low !== undefined) return `${what} ≥ ${low}`;
  if (high !== undefined) return `${what} ≤ ${high}`;
  return what;
}

/** The checks an input box can make as the user types; the full schema check runs before sending. */
export function checkScalar(field: SimpleField, input: string): string | undefined {
  if (input === '' && !field.required) return undefined;
  if (field.kind === 'string') {
    if (field.minLength !== undefined && input.length < field.minLength) return `At least ${field.minLength} characters`;
    if (field.maxLength !== undefined && input.length > field.maxLength) return `At most ${field.maxLength} characters`;
    if (field.pattern) {
      try {
        if (!new RegExp(field.pattern, 'u').test(input)) return `Must match ${field.pattern}`;
      } catch {
        // A pattern JavaScript cannot read is left to the server.
      }
    }
    return undefined;
  }
  if (field.kind !== 'number' && field.kind !== 'integer') return undefined;
  const n = Number(input.trim());
  if (input.trim() === '' || !Number.isFinite(n)) return `Enter ${bounds(field)}`;
  if (field.kind === 'integer' && !Number.isInteger(n)) return 'Must be an integer';
  if (field.minimum !== undefined && n < field.minimum) return `Must be at least ${field.minimum}`;
  if (field.maximum !== undefined && n > field.maximum) return `Must be at most ${field.maximum}`;
  if (field.exclusiveMinimum !== undefined && n <= field.exclusiveMinimum) return `Must be more than ${field.exclusiveMinimum}`;
  if (field.exclusiveMaximum !== undefined && n >= field.exclusiveMaximum) return `Must be less than ${field.exclusiveMaximum}`;
  return undefined;
}

/**
 * How a palette prompt names an argument: its key as the tool receives it, its type, and
 * whether it is required — `city · string · required`. A schema title adds itself only when
 * it says more than the key (generators often title `a` as "A").
 */
export function argumentHead(field: SimpleField): string {
  const key = field.key ?? field.label;
  const type = field.kind === 'enum' ? `one of ${field.options.length}` : field.kind === 'const' ? 'fixed value' : field.kind;
  const titled = field.label !== key && field.label.toLowerCase() !== key.toLowerCase() ? ` (${field.label})` : '';
  return `${key}${titled} · ${type}${field.required ? ' · required' : ' · optional'}`;
}
