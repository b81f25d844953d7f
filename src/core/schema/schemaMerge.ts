/**
 * Merges the members of an `allOf` into one schema a form can render. "An instance validates
 * successfully against this keyword if it validates successfully against all schemas" — so
 * types and enums intersect, required lists unite, bounds take the tighter side, and a
 * property named twice becomes `allOf` of both (merged again when it is rendered).
 * Keywords without a sound merge keep the first value: the validator still checks them all.
 */

type Schema = Record<string, unknown>;

export type MergeResult = { schema: Schema } | { conflict: string };

const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];

export function mergeSchemas(members: Schema[]): MergeResult {
  let merged: Schema = {};
  for (const member of members) {
    const result = mergeTwo(merged, member);
    if ('conflict' in result) return result;
    merged = result.schema;
  }
  return { schema: merged };
}

function mergeTwo(a: Schema, b: Schema): MergeResult {
  const out: Schema = { ...a };
  for (const [key, value] of Object.entries(b)) {
    if (value === undefined) continue;
    const prev = out[key];
    if (prev === undefined) {
      out[key] = value;
      continue;
    }
    switch (key) {
      case 'type': {
        const types = intersectTypes(asTypes(prev), asTypes(value));
        if (types.length === 0) return { conflict: `allOf requires types ${show(prev)} and ${show(value)} at once` };
        out.type = types.length === 1 ? types[0] : types;
        break;
      }
      case 'properties':
      case 'patternProperties': {
        const props: Schema = { ...(prev as Schema) };
        for (const [name, sub] of Object.entries(value as Schema)) {
          props[name] = name in props ? { allOf: [props[name], sub] } : sub;
        }
        out[key] = props;
        break;
      }
      case 'required':
        out.required = [...new Set([...(prev as string[]), ...(value as string[])])];
        break;
      case 'additionalProperties':
      case 'items':
        if (prev === false || value === false) out[key] = false;
        else if (prev === true) out[key] = value;
        else if (value !== true) out[key] = { allOf: [prev, value] };
        break;
      case 'enum': {
        const allowed = new Set((value as unknown[]).map((v) => JSON.stringify(v)));
        const both = (prev as unknown[]).filter((v) => allowed.has(JSON.stringify(v)));
        if (both.length === 0) return { conflict: 'allOf members allow no common enum value' };
        out.enum = both;
        break;
      }
      case 'const':
        if (JSON.stringify(prev) !== JSON.stringify(value)) return { conflict: 'allOf members require different constants' };
        break;
      case 'oneOf':
      case 'anyOf':
        return { conflict: `allOf combines several ${key} lists` };
      case 'uniqueItems':
        out.uniqueItems = prev === true || value === true;
        break;
      default:
        if (LOWER_BOUNDS.includes(key) && typeof prev === 'number' && typeof value === 'number') {
          out[key] = Math.max(prev, value);
        } else if (UPPER_BOUNDS.includes(key) && typeof prev === 'number' && typeof value === 'number') {
          out[key] = Math.min(prev, value);
        }
      // anything else: the first value stands (annotations, pattern, format, …)
    }
  }
  return { schema: out };
}

function asTypes(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

function intersectTypes(a: string[], b: string[]): string[] {
  const out: string[] = [];
  for (const t of a) {
    if (b.includes(t)) out.push(t);
    else if (t === 'integer' && b.includes('number')) out.push('integer');
    else if (t === 'number' && b.includes('integer')) out.push('integer');
  }
  return [...new Set(out)];
}

function show(value: unknown): string {
  return JSON.stringify(value);
}
