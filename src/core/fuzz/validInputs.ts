/**
 * A fast-check arbitrary of values a JSON Schema accepts, built from the schema's keywords so
 * that fast-check can shrink a failing value toward the smallest one (an integer toward 0 or
 * its minimum, a string toward "", an object toward its required keys). fast-check's own
 * biases supply the boundaries: integers near their bounds, empty and very long strings, and
 * full-unicode text. Whether a value really validates is decided later by the validator;
 * this only has to hit the valid set most of the time.
 */
import fc from 'fast-check';
import { isRecord } from '../schema/isRecord';
import { mergeSchemas } from '../schema/schemaMerge';
import { RefResolver } from '../schema/schemaRefs';

export type Schema = Record<string, unknown> | boolean;

/** A schema the generator cannot produce values for: the tool is reported "not fuzzed: <reason>". */
export class NotFuzzable extends Error {}

/** Nesting beyond this gives up on optional parts (a recursive `$ref` must end somewhere). */
const MAX_DEPTH = 6;
/** Strings without maxLength still reach past any buffer a handler keeps on the stack. */
const LONG_STRING = 10_000;

export function validArbitrary(schema: Schema): fc.Arbitrary<unknown> {
  return new Builder(schema).build(schema, 0);
}

class Builder {
  private readonly refs: RefResolver;

  constructor(root: Schema) {
    this.refs = new RefResolver(root);
  }

  build(schema: unknown, depth: number): fc.Arbitrary<unknown> {
    if (schema === true || (isRecord(schema) && Object.keys(schema).length === 0))
      return depth >= MAX_DEPTH ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
    if (schema === false) throw new NotFuzzable('a `false` schema accepts no value');
    if (!isRecord(schema)) throw new NotFuzzable(`${JSON.stringify(schema)} is not a schema`);
    if (typeof schema.$ref === 'string') return this.ref(schema, depth);
    if ('const' in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) {
      if (schema.enum.length === 0) throw new NotFuzzable('an empty `enum` accepts no value');
      return fc.constantFrom(...schema.enum);
    }
    if (Array.isArray(schema.allOf)) return this.allOf(schema, depth);
    const branches = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
    if (branches) {
      const rest = { ...schema, anyOf: undefined, oneOf: undefined };
      return fc.oneof(...branches.map((b) => this.build(isRecord(b) ? mergeOrThrow([withoutUndefined(rest), b]) : b, depth)));
    }
    if (schema.not !== undefined && Object.keys(schema).length === 1)
      throw new NotFuzzable('a schema that is only `not` names no value to build from');
    const types = typesOf(schema);
    return fc.oneof(...types.map((t) => this.typed(t, schema, depth)));
  }

  private ref(schema: Record<string, unknown>, depth: number): fc.Arbitrary<unknown> {
    const target = this.refs.resolve(schema.$ref as string);
    if (target === undefined) throw new NotFuzzable(`the $ref ${JSON.stringify(schema.$ref)} does not resolve inside the schema`);
    if (depth >= MAX_DEPTH) return fc.constant(null);
    const { $ref: _ref, ...siblings } = schema;
    return this.build(Object.keys(siblings).length ? mergeOrThrow([siblings, target as Record<string, unknown>]) : target, depth + 1);
  }

  private allOf(schema: Record<string, unknown>, depth: number): fc.Arbitrary<unknown> {
    const { allOf, ...rest } = schema;
    const members = (allOf as unknown[]).map((m) => (isRecord(m) && typeof m.$ref === 'string' ? this.refs.resolve(m.$ref) : m));
    if (members.some((m) => !isRecord(m))) throw new NotFuzzable('an `allOf` member is not an object schema');
    return this.build(mergeOrThrow([rest, ...(members as Record<string, unknown>[])]), depth);
  }

  private typed(type: string, s: Record<string, unknown>, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case 'string':
        return stringArbitrary(s);
      case 'integer':
        return integerArbitrary(s);
      case 'number':
        return numberArbitrary(s);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return this.array(s, depth);
      case 'object':
        return this.object(s, depth);
      default:
        throw new NotFuzzable(`unknown type ${JSON.stringify(type)}`);
    }
  }

  private array(s: Record<string, unknown>, depth: number): fc.Arbitrary<unknown> {
    const minLength = num(s.minItems) ?? 0;
    const maxLength = Math.max(minLength, Math.min(num(s.maxItems) ?? (depth >= MAX_DEPTH ? minLength : 5), minLength + 20));
    const prefix = Array.isArray(s.prefixItems) ? s.prefixItems.map((p) => this.build(p, depth + 1)) : [];
    const items =
      s.items === undefined || s.items === true
        ? fc.jsonValue({ maxDepth: 1 })
        : Array.isArray(s.items)
          ? fc.constant(null)
          : this.build(s.items, depth + 1);
    const tail = fc.array(items, { minLength: Math.max(0, minLength - prefix.length), maxLength: Math.max(0, maxLength - prefix.length) });
    return prefix.length ? fc.tuple(fc.tuple(...prefix), tail).map(([head, rest]) => [...head, ...rest]) : tail;
  }

  private object(s: Record<string, unknown>, depth: number): fc.Arbitrary<unknown> {
    const properties = isRecord(s.properties) ? s.properties : {};
    const required = Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : [];
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, sub] of Object.entries(properties)) {
      // Deep optional parts are left out: their absence is valid, and recursion must stop.
      if (depth >= MAX_DEPTH && !required.includes(key)) continue;
      model[key] = this.build(sub, depth + 1);
    }
    // A required key the schema does not describe: any value will do for the schema.
    for (const key of required) model[key] ??= fc.jsonValue({ maxDepth: 1 });
    return fc.record(model, { requiredKeys: required.filter((k) => k in model) });
  }
}

function typesOf(s: Record<string, unknown>): string[] {
  if (typeof s.type === 'string') return [s.type];
  if (Array.isArray(s.type) && s.type.length > 0) return s.type.filter((t): t is string => typeof t === 'string');
  // An untyped schema: read the type off its keywords, else any JSON value.
  if (isRecord(s.properties) || Array.isArray(s.required)) return ['object'];
  if (s.items !== undefined || s.prefixItems !== undefined) return ['array'];
  if (s.minLength !== undefined || s.maxLength !== undefined || s.pattern !== undefined || s.format !== undefined) return ['string'];
  if (s.minimum !== undefined || s.maximum !== undefined || s.multipleOf !== undefined) return ['number'];
  return ['string', 'number', 'boolean', 'null', 'object', 'array'];
}

function stringArbitrary(s: Record<string, unknown>): fc.Arbitrary<unknown> {
  const minLength = num(s.minLength) ?? 0;
  const maxLength = Math.max(minLength, num(s.maxLength) ?? LONG_STRING);
  if (typeof s.pattern === 'string') {
    let pattern: RegExp;
    try {
      pattern = new RegExp(s.pattern, 'u');
    } catch {
      throw new NotFuzzable(`the pattern ${JSON.stringify(s.pattern)} is not a regular expression this generator reads`);
    }
    return fc.stringMatching(pattern).filter((v) => v.length >= minLength && v.length <= maxLength);
  }
  switch (s.format) {
    case 'email':
      return fc.emailAddress();
    case 'uri':
    case 'url':
      return fc.webUrl();
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc.date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  }
  // Mostly short printable text, sometimes any code point (one per unit, as maxLength counts them), sometimes long.
  const text = fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 40) }) },
    { weight: 2, arbitrary: fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 40), unit: 'binary' }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, size: 'max' }) },
  );
  return text;
}

function integerArbitrary(s: Record<string, unknown>): fc.Arbitrary<unknown> {
  const { min, max } = bounds(s, true);
  const multipleOf = num(s.multipleOf);
  if (multipleOf && Number.isInteger(multipleOf) && multipleOf > 0) {
    const lo = Math.ceil(min / multipleOf);
    const hi = Math.floor(max / multipleOf);
    if (lo > hi) throw new NotFuzzable(`no multiple of ${multipleOf} lies between the bounds`);
    return fc.integer({ min: lo, max: hi }).map((n) => n * multipleOf);
  }
  if (min > max) throw new NotFuzzable(`minimum ${min} is above maximum ${max}`);
  return fc.integer({ min, max });
}

function numberArbitrary(s: Record<string, unknown>): fc.Arbitrary<unknown> {
  if (num(s.multipleOf) !== undefined) return integerArbitrary(s);
  const lower = num(s.minimum) ?? exclusive(s.exclusiveMinimum);
  const upper = num(s.maximum) ?? exclusive(s.exclusiveMaximum);
  const double = fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    ...(lower !== undefined ? { min: lower, minExcluded: s.minimum === undefined } : { min: -1e12 }),
    ...(upper !== undefined ? { max: upper, maxExcluded: s.maximum === undefined } : { max: 1e12 }),
  });
  // Whole numbers too, where the bounds hold any: handlers often branch on 0 and on integers (a divisor, an index).
  const { min, max } = bounds(s, true);
  return min <= max ? fc.oneof(integerArbitrary(s), double) : double;
}

/** Integer bounds (exclusive ones moved inward); unbounded sides stop at safe integers. */
function bounds(s: Record<string, unknown>, integer: boolean): { min: number; max: number } {
  const exMin = exclusive(s.exclusiveMinimum);
  const exMax = exclusive(s.exclusiveMaximum);
  let min = num(s.minimum) ?? (exMin !== undefined ? exMin + (integer ? 1 : 0) : Number.MIN_SAFE_INTEGER);
  let max = num(s.maximum) ?? (exMax !== undefined ? exMax - (integer ? 1 : 0) : Number.MAX_SAFE_INTEGER);
  min = Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER);
  max = Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER);
  return { min, max };
}

function exclusive(value: unknown): number | undefined {
  // draft-04 wrote exclusiveMinimum: true beside minimum; that form is read as no extra bound.
  return typeof value === 'number' ? value : undefined;
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function mergeOrThrow(members: Record<string, unknown>[]): Record<string, unknown> {
  const merged = mergeSchemas(members);
  if ('conflict' in merged) throw new NotFuzzable(`the schemas of an allOf/anyOf contradict each other: ${merged.conflict}`);
  return merged.schema;
}

function withoutUndefined(s: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined));
}
