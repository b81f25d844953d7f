/**
 * The inputs a fuzz run sends to one tool: valid arguments from the inputSchema, and near
 * misses — a valid object with one thing broken (a required key gone, a wrong type, a value
 * just outside a bound or an enum, an extra key where additionalProperties is false) or
 * pushed to an edge handlers forget (a huge string, control and bidi characters, deep
 * nesting). Each is a fast-check arbitrary, so a failing input shrinks: the valid part toward
 * its smallest form, the mutation toward the first one listed.
 *
 * Drawn at random, one near miss of a dozen can go unsent in a hundred calls. So a run first
 * sweeps: one valid input, then each near miss once (`fuzzArbitraries`' sweep), before it draws.
 */
import fc from 'fast-check';
import { isRecord } from '../schema/isRecord';
import { validArbitrary, NotFuzzable, type Schema } from './validInputs';

export interface FuzzInput {
  args: Record<string, unknown>;
  /** How the input was made: "valid", or the near miss ("b: above maximum 100"). */
  how: string;
}

interface Mutation {
  how: string;
  apply(args: Record<string, unknown>): Record<string, unknown>;
}

const HUGE = 100_000;
// NUL, a right-to-left override, a zero-width joiner, an astral letter, a BOM, a quote and a traversal.
const AWKWARD_TEXT = '\u0000\u202Eabc\u200D\u{1D54F}\uFEFF"\'../../etc/passwd';
const DEEP = 200;

export { NotFuzzable };

/**
 * The tool's inputs: `random`, valid inputs and near misses drawn half and half; `sweep`, one
 * arbitrary per input class in sweep order (valid first, so a tool that fails on anything is
 * found with a valid input, then each near miss, its mutation fixed so that only its valid part
 * shrinks). Throws NotFuzzable when the schema names no value this generator can build.
 */
export function fuzzArbitraries(inputSchema: unknown): { random: fc.Arbitrary<FuzzInput>; sweep: fc.Arbitrary<FuzzInput>[] } {
  const { valid, mutations } = partsOf(inputSchema);
  const validInputs = valid.map((args): FuzzInput => ({ args, how: 'valid' }));
  const sweep = [validInputs, ...mutations.map((m) => valid.map((args): FuzzInput => ({ args: m.apply(args), how: m.how })))];
  if (mutations.length === 0) return { random: validInputs, sweep };
  const nearMisses = fc.tuple(valid, fc.constantFrom(...mutations)).map(([args, m]): FuzzInput => ({ args: m.apply(args), how: m.how }));
  return { random: fc.oneof({ weight: 1, arbitrary: validInputs }, { weight: 1, arbitrary: nearMisses }), sweep };
}

/** The random half of fuzzArbitraries. */
export function inputArbitrary(inputSchema: unknown): fc.Arbitrary<FuzzInput> {
  return fuzzArbitraries(inputSchema).random;
}

function partsOf(inputSchema: unknown): { valid: fc.Arbitrary<Record<string, unknown>>; mutations: Mutation[] } {
  const schema = rootSchema(inputSchema);
  const valid = validArbitrary(schema).map((v) => (isRecord(v) ? v : {}));
  return { valid, mutations: isRecord(schema) ? mutationsOf(schema) : [] };
}

/** Tools spec: inputSchema is an object schema; a missing one is read as `{ type: "object" }`. */
function rootSchema(inputSchema: unknown): Schema {
  if (inputSchema === undefined) return { type: 'object' };
  if (typeof inputSchema === 'boolean') return inputSchema;
  if (!isRecord(inputSchema)) throw new NotFuzzable('the inputSchema is not a JSON object');
  return inputSchema.type === undefined &&
    !('$ref' in inputSchema) &&
    !('anyOf' in inputSchema) &&
    !('oneOf' in inputSchema) &&
    !('allOf' in inputSchema)
    ? { type: 'object', ...inputSchema }
    : inputSchema;
}

export function mutationsOf(schema: Record<string, unknown>): Mutation[] {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  const out: Mutation[] = [];
  for (const key of required) out.push({ how: `without the required "${key}"`, apply: (a) => omit(a, key) });
  for (const [key, sub] of Object.entries(properties)) {
    if (isRecord(sub)) out.push(...propertyMutations(key, sub));
  }
  if (schema.additionalProperties === false)
    out.push({ how: 'an extra property where additionalProperties is false', apply: (a) => ({ ...a, mcpLensExtra: 1 }) });
  return out;
}

function propertyMutations(key: string, s: Record<string, unknown>): Mutation[] {
  const set = (how: string, value: unknown): Mutation => ({ how: `${key}: ${how}`, apply: (a) => ({ ...a, [key]: value }) });
  const out: Mutation[] = [];
  const type = typeof s.type === 'string' ? s.type : undefined;
  const wrong = wrongTypeValue(type);
  if (wrong !== undefined) out.push(set(`a ${typeName(wrong)} where ${type} is declared`, wrong));
  out.push(set('null', null));
  if (Array.isArray(s.enum)) out.push(set('a value outside the enum', 'mcp-lens-not-in-enum'));
  if (typeof s.minimum === 'number') out.push(set(`below minimum ${s.minimum}`, s.minimum - 1));
  if (typeof s.maximum === 'number') out.push(set(`above maximum ${s.maximum}`, s.maximum + 1));
  if (typeof s.exclusiveMinimum === 'number') out.push(set(`at exclusiveMinimum ${s.exclusiveMinimum}`, s.exclusiveMinimum));
  if (typeof s.exclusiveMaximum === 'number') out.push(set(`at exclusiveMaximum ${s.exclusiveMaximum}`, s.exclusiveMaximum));
  if (type === 'integer') out.push(set('a fraction where integer is declared', 0.5));
  if (type === 'number' || type === 'integer') out.push(set('zero', 0), set('-1', -1), set('a huge number', 1e308));
  if (type === 'string' || type === undefined) {
    if (typeof s.maxLength === 'number') out.push(set(`longer than maxLength ${s.maxLength}`, 'x'.repeat(s.maxLength + 1)));
    if (typeof s.minLength === 'number' && s.minLength > 0)
      out.push(set(`shorter than minLength ${s.minLength}`, 'x'.repeat(s.minLength - 1)));
    if (typeof s.pattern === 'string') out.push(set(`not matching ${s.pattern}`, ' mcp-lens \u0000'));
    out.push(
      set('an empty string', ''),
      set(`a string of ${HUGE} characters`, 'x'.repeat(HUGE)),
      set('control, bidi and astral characters', AWKWARD_TEXT),
    );
  }
  if (type === 'array' || type === 'object') out.push(set(`nested ${DEEP} levels deep`, nested(DEEP, type)));
  return out;
}

function wrongTypeValue(type: string | undefined): unknown {
  switch (type) {
    case 'string':
      return 12345;
    case 'number':
    case 'integer':
      return 'not a number';
    case 'boolean':
      return 'true';
    case 'object':
      return ['not', 'an', 'object'];
    case 'array':
      return { not: 'an array' };
    default:
      return undefined;
  }
}

function typeName(value: unknown): string {
  return Array.isArray(value) ? 'array' : typeof value;
}

function nested(depth: number, type: 'array' | 'object'): unknown {
  let value: unknown = type === 'array' ? [] : {};
  for (let i = 0; i < depth; i++) value = type === 'array' ? [value] : { a: value };
  return value;
}

function omit(args: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _gone, ...rest } = args;
  return rest;
}
