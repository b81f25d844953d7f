/**
 * Form drafts ⇄ tool arguments. `initialValue` fills a form (last arguments, else defaults);
 * `toArguments` turns what the user entered back into the `arguments` object, leaving out
 * optional fields left empty. Draft shapes per kind are listed beside `DraftValue`.
 */
import type { DraftValue, Field, FieldError, FormModel, ObjectDraft, ObjectField, VariantDraft, VariantsField } from './formTypes';
import { isRecord } from './isRecord';
import { childPointer } from './jsonPointer';

/** The draft a form starts with: `lastArgs` where given, else each field's `default`. */
export function initialValue(model: FormModel, lastArgs?: Record<string, unknown>): DraftValue {
  return fieldDraft(model.root, lastArgs);
}

/** The draft of one field holding `value` (`undefined`: its default, else empty). Also for a new array item or a variant switch. */
export function fieldDraft(field: Field, value?: unknown): DraftValue {
  if (value === undefined) {
    // `default: null` (pydantic's `Optional[X] = None`) means the same as leaving the field out.
    if (field.default !== undefined && field.default !== null) return fieldDraft(field, field.default);
    return emptyDraft(field);
  }
  if (value === null && (field.nullable || field.kind === 'json')) return field.kind === 'json' ? 'null' : null;
  switch (field.kind) {
    case 'string':
      return typeof value === 'string' ? value : isScalar(value) ? String(value) : undefined;
    case 'number':
    case 'integer':
      return typeof value === 'number' ? String(value) : typeof value === 'string' ? value : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'enum': {
      const index = field.options.findIndex((o) => sameJson(o.value, value));
      return index < 0 ? undefined : index;
    }
    case 'const':
      return sameJson(field.value, value);
    case 'array':
      return Array.isArray(value) ? value.map((item) => fieldDraft(field.items, item)) : emptyDraft(field);
    case 'object':
      return objectDraft(field, isRecord(value) ? value : {});
    case 'variants': {
      const variant = pickVariant(field, value);
      return { variant, value: fieldDraft(field.variants[variant].field, value) } satisfies VariantDraft;
    }
    case 'json':
      return JSON.stringify(value, null, 2);
  }
}

function emptyDraft(field: Field): DraftValue {
  switch (field.kind) {
    case 'const':
      return field.required;
    case 'array':
      // A required list that needs N items starts with N empty ones to fill in.
      return field.required && field.minItems ? Array.from({ length: field.minItems }, () => fieldDraft(field.items)) : [];
    case 'object':
      return objectDraft(field, {});
    case 'variants':
      return { variant: 0, value: fieldDraft(field.variants[0].field) } satisfies VariantDraft;
    default:
      return undefined;
  }
}

function objectDraft(field: ObjectField, value: Record<string, unknown>): ObjectDraft {
  const fields: Record<string, DraftValue> = {};
  for (const child of field.fields) fields[child.key!] = fieldDraft(child, value[child.key!]);
  const known = new Set(field.fields.map((f) => f.key));
  const extra = field.additional
    ? Object.entries(value)
        .filter(([key]) => !known.has(key))
        .map(([key, v]) => ({ key, value: fieldDraft(field.additional!, v) }))
    : [];
  return { fields, extra };
}

/** Which variant a value most plausibly is (its type, its discriminating constants, its keys). */
export function pickVariant(field: VariantsField, value: unknown): number {
  let best = 0;
  let bestScore = -Infinity;
  field.variants.forEach((variant, i) => {
    const score = fitScore(variant.field, value);
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  return best;
}

function fitScore(field: Field, value: unknown): number {
  if (value === null) return field.nullable || (field.kind === 'const' && field.value === null) ? 2 : -1;
  switch (field.kind) {
    case 'string':
      return typeof value === 'string' ? 2 : -1;
    case 'number':
      return typeof value === 'number' ? 2 : -1;
    case 'integer':
      return Number.isInteger(value) ? 3 : -1;
    case 'boolean':
      return typeof value === 'boolean' ? 2 : -1;
    case 'enum':
      return field.options.some((o) => sameJson(o.value, value)) ? 3 : -1;
    case 'const':
      return sameJson(field.value, value) ? 4 : -1;
    case 'array':
      return Array.isArray(value) ? 2 : -1;
    case 'object': {
      if (!isRecord(value)) return -1;
      let score = 2;
      for (const child of field.fields) {
        const has = child.key! in value;
        if (child.kind === 'const' && has) score += sameJson(child.value, value[child.key!]) ? 10 : -100;
        else if (has) score += 1;
        else if (child.required) score -= 1;
      }
      for (const key of Object.keys(value)) if (!field.fields.some((f) => f.key === key) && !field.additional) score -= 1;
      return score;
    }
    case 'variants':
      return Math.max(...field.variants.map((v) => fitScore(v.field, value)));
    case 'json':
      return 1;
  }
}

export interface ArgumentsResult {
  args: Record<string, unknown>;
  /** Entries the form cannot turn into JSON (text in a number field, invalid JSON, a duplicate key). Do not send while any remain. */
  errors: FieldError[];
}

const OMIT = Symbol('omit');
type Out = unknown | typeof OMIT;

/** The `arguments` object for `tools/call`, from the form's draft. */
export function toArguments(model: FormModel, draft: DraftValue): ArgumentsResult {
  const errors: FieldError[] = [];
  const value = serialize(model.root, draft, '', model.root.required, errors);
  return { args: isRecord(value) ? value : {}, errors };
}

function serialize(field: Field, draft: DraftValue, path: string, required: boolean, errors: FieldError[]): Out {
  if (draft === undefined) return OMIT;
  if (draft === null) return field.nullable || (field.kind === 'const' && field.value === null) ? null : OMIT;
  switch (field.kind) {
    case 'string':
      if (typeof draft !== 'string') return OMIT;
      // An empty optional box means "not given"; an empty required one is the empty string.
      return draft === '' && !required ? OMIT : draft;
    case 'number':
    case 'integer': {
      const text = typeof draft === 'number' ? String(draft) : typeof draft === 'string' ? draft.trim() : '';
      if (text === '') return OMIT;
      const n = Number(text);
      if (!Number.isFinite(n)) {
        errors.push({ path, message: `"${text}" is not a number` });
        return OMIT;
      }
      return n;
    }
    case 'boolean':
      return typeof draft === 'boolean' ? draft : OMIT;
    case 'enum':
      return typeof draft === 'number' && field.options[draft] ? field.options[draft].value : OMIT;
    case 'const':
      return draft === true ? field.value : OMIT;
    case 'array': {
      if (!Array.isArray(draft)) return OMIT;
      if (draft.length === 0 && !required) return OMIT;
      return draft.map((item, i) => {
        const itemPath = childPointer(path, i);
        const before = errors.length;
        const out = serialize(field.items, item, itemPath, true, errors);
        if (out !== OMIT) return out;
        // Kept in place (as null) so later items keep their index and their error paths.
        if (errors.length === before) errors.push({ path: itemPath, message: 'Fill in this item or remove it' });
        return null;
      });
    }
    case 'object':
      return serializeObject(field, draft, path, required, errors);
    case 'variants': {
      if (!isVariantDraft(draft)) return OMIT;
      const variant = field.variants[draft.variant];
      if (!variant) return OMIT;
      return serialize(variant.field, draft.value, path, required, errors);
    }
    case 'json': {
      if (typeof draft !== 'string' || draft.trim() === '') return OMIT;
      try {
        return JSON.parse(draft) as unknown;
      } catch (error) {
        errors.push({ path, message: `Invalid JSON: ${(error as Error).message}` });
        return OMIT;
      }
    }
  }
}

function serializeObject(field: ObjectField, draft: DraftValue, path: string, required: boolean, errors: FieldError[]): Out {
  if (!isObjectDraft(draft)) return OMIT;
  const out: Record<string, unknown> = {};
  // Constants alone (a variant's discriminator) do not make an untouched optional object filled in.
  let filled = false;
  for (const child of field.fields) {
    const value = serialize(child, draft.fields[child.key!], childPointer(path, child.key!), child.required, errors);
    if (value === OMIT) continue;
    out[child.key!] = value;
    if (child.kind !== 'const') filled = true;
  }
  if (field.additional) {
    for (const entry of draft.extra) {
      const value = serialize(field.additional, entry.value, childPointer(path, entry.key), true, errors);
      if (entry.key === '') {
        // An entry the user added but left blank is not an argument; a value with no key is a mistake.
        if (value !== OMIT) errors.push({ path: childPointer(path, ''), message: 'Enter a key for this entry' });
        continue;
      }
      if (entry.key in out) {
        errors.push({ path: childPointer(path, entry.key), message: `The key "${entry.key}" is given twice` });
        continue;
      }
      if (value !== OMIT) {
        out[entry.key] = value;
        filled = true;
      }
    }
  }
  return !filled && !required ? OMIT : out;
}

function isObjectDraft(draft: DraftValue): draft is ObjectDraft {
  return isRecord(draft) && isRecord(draft.fields) && Array.isArray(draft.extra);
}

function isVariantDraft(draft: DraftValue): draft is VariantDraft {
  return isRecord(draft) && typeof draft.variant === 'number';
}

function isScalar(value: unknown): boolean {
  return typeof value === 'number' || typeof value === 'boolean';
}

/** Equality of JSON values (key order ignored), for matching enum and const values. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
