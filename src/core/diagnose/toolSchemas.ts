import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

// A tool's inputSchema/outputSchema is JSON Schema; 2020-12 is the default dialect
// (2025-11-25 tools spec), and draft-07 when the schema says so (older SDKs emit it).
const options = { strict: false, allErrors: true, logger: false as const, validateSchema: false };
let draft2020: Ajv | undefined;
let draft07: Ajv | undefined;
const compiled = new WeakMap<object, ValidateFunction | null>();

function ajvFor(schema: Record<string, unknown>): Ajv {
  if (String(schema.$schema ?? '').includes('draft-07') || String(schema.$schema ?? '').includes('draft-04')) {
    draft07 ??= addFormats(new Ajv(options)) as Ajv;
    return draft07;
  }
  draft2020 ??= addFormats(new Ajv2020(options)) as Ajv;
  return draft2020;
}

export interface ToolSchemaError {
  path: string;
  message: string;
  allowed?: unknown[];
}

/** Validates a value against a tool's schema; undefined when the schema itself cannot be compiled. */
export function validateAgainst(schema: unknown, value: unknown): ToolSchemaError[] | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  let fn = compiled.get(schema);
  if (fn === undefined) {
    try {
      fn = ajvFor(schema as Record<string, unknown>).compile(schema);
    } catch {
      fn = null;
    }
    compiled.set(schema, fn);
  }
  if (fn === null) return undefined;
  if (fn(value)) return [];
  return (fn.errors ?? []).map(toError);
}

function toError(e: ErrorObject): ToolSchemaError {
  const params = e.params as { missingProperty?: string; additionalProperty?: string; allowedValues?: unknown[]; allowedValue?: unknown };
  let path = e.instancePath;
  if (params.missingProperty) path = `${path}/${params.missingProperty}`;
  if (params.additionalProperty) path = `${path}/${params.additionalProperty}`;
  const allowed = params.allowedValues ?? (params.allowedValue !== undefined ? [params.allowedValue] : undefined);
  return { path, message: e.message ?? 'is invalid', allowed };
}

/** `"a" must be number`, `"op" must be equal to one of the allowed values (add, sub)`. */
export function formatToolErrors(errors: readonly ToolSchemaError[], max = 3): string {
  return errors
    .slice(0, max)
    .map((e) => {
      const field = e.path ? `"${e.path.replace(/^\//, '').replace(/\//g, '.')}" ` : '';
      const allowed = e.allowed ? ` (${e.allowed.map((v) => JSON.stringify(v)).join(', ')})` : '';
      return `${field}${e.message}${allowed}`;
    })
    .join('; ');
}
