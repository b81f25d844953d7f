/**
 * The restricted schema of a form elicitation: "a flat object with primitive properties only"
 * — string (optionally format email, uri, date, date-time; enum/oneOf for single select),
 * number, integer, boolean, and an array of enum strings for multi-select (2025-11-25).
 */
import { asRecord } from '../schema/isRecord';

const STRING_FORMATS = new Set(['email', 'uri', 'date', 'date-time']);

type Schema = Record<string, unknown>;

/** The values an enum property allows: `enum`, or `oneOf`/`anyOf` entries with `const` (titled enums). */
export function enumValues(prop: Schema): unknown[] | undefined {
  if (Array.isArray(prop.enum)) return prop.enum;
  const titled = Array.isArray(prop.oneOf) ? prop.oneOf : Array.isArray(prop.anyOf) ? prop.anyOf : undefined;
  return titled?.map((o) => asRecord(o)?.const);
}

/** Why a requestedSchema is outside the restricted form schema, or undefined when it is a valid form. */
export function requestedSchemaFault(requestedSchema: unknown): string | undefined {
  const schema = asRecord(requestedSchema);
  if (!schema) return 'requestedSchema is missing or not an object';
  if (schema.type !== 'object') return `requestedSchema.type is ${JSON.stringify(schema.type)}, not "object"`;
  const properties = asRecord(schema.properties);
  if (!properties) return 'requestedSchema has no "properties" object';
  for (const [name, value] of Object.entries(properties)) {
    const prop = asRecord(value);
    if (!prop) return `property "${name}" is not a schema object`;
    const type = prop.type;
    if (type === 'array') {
      const items = asRecord(prop.items);
      if (!items || !enumValues(items))
        return `property "${name}" is an array whose items are not an enum (only multi-select arrays are allowed)`;
    } else if (type === 'string') {
      if (prop.format !== undefined && !STRING_FORMATS.has(String(prop.format)))
        return `property "${name}" has format ${JSON.stringify(prop.format)} (allowed: email, uri, date, date-time)`;
    } else if (type !== 'number' && type !== 'integer' && type !== 'boolean') {
      return `property "${name}" has type ${JSON.stringify(type)}: a form field is string, number, integer, boolean or an array of enum strings`;
    }
  }
  if (
    schema.required !== undefined &&
    !(Array.isArray(schema.required) && schema.required.every((r) => typeof r === 'string' && r in properties))
  ) {
    return 'requestedSchema.required names a field that is not in properties';
  }
  return undefined;
}

/** What is wrong with accepted content against the form (type, enum, bounds, required), one line per field. */
export function contentFaults(requestedSchema: unknown, content: Record<string, unknown>): string[] {
  const schema = asRecord(requestedSchema) ?? {};
  const properties = asRecord(schema.properties) ?? {};
  const faults: string[] = [];
  for (const name of Array.isArray(schema.required) ? (schema.required as string[]) : []) {
    if (content[name] === undefined) faults.push(`"${name}" is required`);
  }
  for (const [name, value] of Object.entries(content)) {
    const prop = asRecord(properties[name]);
    if (!prop) {
      faults.push(`"${name}" is not a field of the form`);
      continue;
    }
    const fault = valueFault(prop, value);
    if (fault) faults.push(`"${name}" ${fault}`);
  }
  return faults;
}

function valueFault(prop: Schema, value: unknown): string | undefined {
  const allowed = enumValues(prop);
  switch (prop.type) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      if (prop.type === 'integer' && !Number.isInteger(value)) return 'must be a whole number';
      if (typeof prop.minimum === 'number' && value < prop.minimum) return `must be at least ${prop.minimum}`;
      if (typeof prop.maximum === 'number' && value > prop.maximum) return `must be at most ${prop.maximum}`;
      return undefined;
    }
    case 'array': {
      const options = enumValues(asRecord(prop.items) ?? {}) ?? [];
      if (!Array.isArray(value) || value.some((v) => !options.includes(v)))
        return `must be a list of ${options.map((o) => JSON.stringify(o)).join(', ')}`;
      if (typeof prop.minItems === 'number' && value.length < prop.minItems) return `needs at least ${prop.minItems} choices`;
      if (typeof prop.maxItems === 'number' && value.length > prop.maxItems) return `allows at most ${prop.maxItems} choices`;
      return undefined;
    }
    default: {
      if (typeof value !== 'string') return 'must be text';
      if (allowed && !allowed.includes(value)) return `must be one of ${allowed.map((o) => JSON.stringify(o)).join(', ')}`;
      if (typeof prop.minLength === 'number' && [...value].length < prop.minLength) return `needs at least ${prop.minLength} characters`;
      if (typeof prop.maxLength === 'number' && [...value].length > prop.maxLength) return `allows at most ${prop.maxLength} characters`;
      return undefined;
    }
  }
}
