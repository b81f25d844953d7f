/**
 * Validates tool arguments against the tool's `inputSchema` before sending, with the JSON
 * Schema dialect the schema declares. "Defaults to JSON Schema 2020-12 when no explicit
 * `$schema` is provided" (MCP 2025-11-25 and later); earlier revisions used draft-07.
 * Errors come back keyed by field path (`/days`) with readable messages.
 */
import Ajv, { type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describeType, readableError } from './argsMessages';
import { hasBooleanBounds, upgradeBounds } from './draft04';
import type { FieldError } from './formTypes';
import { isRecord } from './isRecord';
import { getAtPointer } from './jsonPointer';

export type SchemaDialect = 'draft-07' | '2019-09' | '2020-12';

export interface ArgsValidation {
  valid: boolean;
  /** One entry per problem, keyed by the JSON Pointer of the field ("" = the arguments object). */
  errors: FieldError[];
  dialect: SchemaDialect;
  /** Set when the schema itself cannot be compiled: nothing was checked (valid is true), the server decides. */
  schemaProblem?: string;
}

/** The first revision whose tool schemas default to 2020-12. */
const FIRST_2020_12_REVISION = '2025-11-25';

export function schemaDialect(schema: unknown, protocolVersion?: string): SchemaDialect {
  const declared = isRecord(schema) && typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared.includes('2020-12')) return '2020-12';
  if (declared.includes('2019-09')) return '2019-09';
  // draft-04/06 differ from 07 only in ways the form never relies on; Ajv 8 checks them as 07.
  if (/draft-0[4-7]/.test(declared)) return 'draft-07';
  if (protocolVersion !== undefined && protocolVersion < FIRST_2020_12_REVISION) return 'draft-07';
  return '2020-12';
}

export function validateArguments(schema: unknown, args: unknown, options: { protocolVersion?: string } = {}): ArgsValidation {
  const dialect = schemaDialect(schema, options.protocolVersion);
  const compiled = compile(schema, dialect);
  if (typeof compiled === 'string') return { valid: true, errors: [], dialect, schemaProblem: compiled };
  if (compiled(args)) return { valid: true, errors: [], dialect };
  const errors = dedupe(explain(compiled.errors ?? [], args, { root: schema, dialect }));
  return { valid: false, errors, dialect };
}

// ---------------------------------------------------------------------------------------
// Compilation, cached by dialect and schema text (tools/list hands out new objects each time).

const CACHE_LIMIT = 256;
const cache = new Map<string, ValidateFunction | string>();
const instances = new Map<SchemaDialect, Ajv>();

function newAjv(dialect: SchemaDialect): Ajv {
  const options: Options = {
    allErrors: true,
    verbose: true, // errors carry their schema: oneOf/anyOf branches are explained from it
    strict: false, // tool schemas carry vendor keywords and unknown formats; they are not errors
    validateSchema: false, // check what can be checked even when the schema is sloppy
    unicodeRegExp: false,
    logger: false,
  };
  const ajv = dialect === '2020-12' ? new Ajv2020(options) : dialect === '2019-09' ? new Ajv2019(options) : new Ajv(options);
  addFormats(ajv);
  return ajv;
}

function compile(schema: unknown, dialect: SchemaDialect): ValidateFunction | string {
  const key = `${dialect}\n${JSON.stringify(schema)}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let result: ValidateFunction | string;
  try {
    result = compileWith(instance(dialect), schema);
  } catch {
    try {
      // A `$id` seen in an earlier schema makes the shared instance refuse; a fresh one does not.
      result = compileWith(newAjv(dialect), schema);
    } catch (second) {
      result = `the inputSchema cannot be compiled: ${(second as Error).message}`;
    }
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, result);
  return result;
}

function compileWith(ajv: Ajv, original: unknown): ValidateFunction {
  const schema = hasBooleanBounds(original) ? upgradeBounds(original) : original;
  if (isRecord(schema)) {
    // The instance is chosen by dialect already; ajv would look up a draft-04/06 meta-schema it lacks.
    const { $schema: _declared, ...rest } = schema;
    return ajv.compile(rest);
  }
  return ajv.compile(schema as boolean);
}

function instance(dialect: SchemaDialect): Ajv {
  let ajv = instances.get(dialect);
  if (!ajv) instances.set(dialect, (ajv = newAjv(dialect)));
  return ajv;
}

// ---------------------------------------------------------------------------------------
// Readable errors. For a failed oneOf/anyOf, Ajv reports every branch's errors and then
// "must match a schema in anyOf"; the user needs the errors of the branch they meant.

interface Context {
  root: unknown;
  dialect: SchemaDialect;
}

function explain(errors: ErrorObject[], data: unknown, ctx: Context): FieldError[] {
  const out: FieldError[] = [];
  let i = errors.length - 1;
  while (i >= 0) {
    const error = errors[i];
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf') {
      // Ajv evaluates a combinator's branches just before reporting it, so their errors precede it.
      let j = i - 1;
      while (j >= 0 && isBranchError(errors[j], error)) j--;
      out.unshift(...explainCombinator(error, data, ctx));
      i = j;
    } else {
      out.unshift(readableError(error));
      i--;
    }
  }
  return out;
}

function isBranchError(candidate: ErrorObject, combinator: ErrorObject): boolean {
  const at = combinator.instancePath;
  if (candidate.instancePath !== at && !candidate.instancePath.startsWith(`${at}/`)) return false;
  const own = combinator.schemaPath;
  if (candidate.schemaPath.startsWith(`${own}/`)) return true;
  // Keywords beside the combinator (`type`, `$ref`) report under its parent; refs inside a branch report elsewhere.
  const parent = own.slice(0, own.lastIndexOf('/'));
  return !candidate.schemaPath.startsWith(`${parent}/`);
}

function explainCombinator(error: ErrorObject, data: unknown, ctx: Context): FieldError[] {
  const at = error.instancePath;
  const branches = Array.isArray(error.schema) ? (error.schema as unknown[]) : [];
  const passing = (error.params as { passingSchemas?: number[] | null }).passingSchemas;
  if (error.keyword === 'oneOf' && Array.isArray(passing)) {
    const names = passing.map((n) => branchName(branches[n], n)).join(' and ');
    return [{ path: at, message: `Matches more than one allowed form (${names}); it must match exactly one` }];
  }
  const value = getAtPointer(data, at);
  const results = branches.map((branch) => branchErrors(branch, value, ctx));
  if (results.some((r) => r === undefined)) return [{ path: at, message: 'Does not match any of the allowed forms' }];
  const outcomes = results as ErrorObject[][];
  // A branch whose type or discriminating constant differs is not the one the user meant.
  const plausible = outcomes.map((errors, index) => ({ errors, index })).filter(({ errors }) => !errors.some(isShapeMismatch));
  if (plausible.length > 0) {
    const best = plausible.reduce((a, b) => (b.errors.length < a.errors.length ? b : a));
    if (best.errors.length === 0) return [{ path: at, message: 'Does not match any of the allowed forms' }];
    return explain(best.errors, value, ctx).map((e) => ({ ...e, path: at + e.path }));
  }
  const rootTypes = outcomes.map((errors) => errors.find((e) => e.instancePath === '' && e.keyword === 'type'));
  if (rootTypes.every((e) => e !== undefined)) {
    const types = [...new Set(rootTypes.flatMap((e) => String((e!.params as { type: unknown }).type).split(',')))];
    return [{ path: at, message: `Must be ${describeType(types)}` }];
  }
  const names = branches.map((b, n) => branchName(b, n)).join(', ');
  return [{ path: at, message: `Does not match any of the allowed forms (${names})` }];
}

function isShapeMismatch(error: ErrorObject): boolean {
  if (error.instancePath === '') return ['type', 'const', 'enum'].includes(error.keyword);
  // `{kind: {const: "circle"}}` one level down is a discriminator.
  return error.keyword === 'const' && error.instancePath.lastIndexOf('/') === 0;
}

/** Validates one branch on its own; refs into `$defs` / `definitions` still resolve. */
function branchErrors(branch: unknown, value: unknown, ctx: Context): ErrorObject[] | undefined {
  const root = isRecord(ctx.root) ? ctx.root : {};
  const wrapper: Record<string, unknown> = { allOf: [branch] };
  for (const key of ['$defs', 'definitions']) if (root[key] !== undefined) wrapper[key] = root[key];
  const compiled = compile(wrapper, ctx.dialect);
  if (typeof compiled === 'string') return undefined;
  return compiled(value) ? [] : (compiled.errors ?? []).map((e) => ({ ...e }));
}

function branchName(branch: unknown, index: number): string {
  if (isRecord(branch)) {
    if (typeof branch.title === 'string') return branch.title;
    if (typeof branch.$ref === 'string') return branch.$ref.split('/').pop() ?? branch.$ref;
    if (branch.type !== undefined) return describeType(branch.type);
  }
  return `form ${index + 1}`;
}

function dedupe(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.path}\n${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
