import { isRecord } from '../schema/isRecord';

/** Deep enough for any schema a person writes; a recursive `$ref` stops here. */
const MAX_DEPTH = 6;

/**
 * A readable tool input for previewing an MCP App without running its tool: each property
 * from the schema's own `default`, `examples`, `const` or first `enum` value when it gives
 * one, else a plain value of its type within its bounds. Optional properties are filled
 * too: the preview shows the app as a full call would.
 */
export function sampleInput(inputSchema: unknown): Record<string, unknown> {
  const value = sample(inputSchema, isRecord(inputSchema) ? inputSchema : {}, 'input', 0);
  return isRecord(value) ? value : {};
}

function sample(schema: unknown, root: Record<string, unknown>, key: string, depth: number): unknown {
  if (!isRecord(schema) || depth > MAX_DEPTH) return null;
  const resolved = resolveRef(schema, root);
  if (resolved !== schema) return sample(resolved, root, key, depth + 1);
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const variants = [schema.oneOf, schema.anyOf].find((v): v is unknown[] => Array.isArray(v) && v.length > 0);
  if (variants) return sample(variants.find((v) => !(isRecord(v) && v.type === 'null')) ?? variants[0], root, key, depth + 1);
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0)
    return sample(Object.assign({}, ...schema.allOf.filter(isRecord), { allOf: undefined }), root, key, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? schema.type[0]) : schema.type;
  switch (type ?? (isRecord(schema.properties) ? 'object' : undefined)) {
    case 'object': {
      const properties = isRecord(schema.properties) ? schema.properties : {};
      return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, sample(property, root, name, depth + 1)]));
    }
    case 'array': {
      const count = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1);
      return Array.from({ length: Math.min(count, 3) }, () => sample(schema.items, root, key, depth + 1));
    }
    case 'string':
      return sampleString(schema, key);
    case 'integer':
      return Math.ceil(sampleNumber(schema));
    case 'number':
      return sampleNumber(schema);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return null;
  }
}

function sampleString(schema: Record<string, unknown>, key: string): string {
  switch (schema.format) {
    case 'date-time':
      return '2026-01-01T12:00:00Z';
    case 'date':
      return '2026-01-01';
    case 'email':
      return 'ada@example.com';
    case 'uri':
    case 'url':
      return 'https://example.com/';
  }
  let text = `sample ${key}`;
  if (typeof schema.minLength === 'number') text = text.padEnd(schema.minLength, 'x');
  if (typeof schema.maxLength === 'number') text = text.slice(0, schema.maxLength);
  return text;
}

function sampleNumber(schema: Record<string, unknown>): number {
  const min =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + 1
        : undefined;
  const max =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - 1
        : undefined;
  if (min !== undefined) return min;
  if (max !== undefined) return Math.min(max, 1);
  return 1;
}

/** A local `$ref` (`#/$defs/X`, `#/definitions/X`); anything else is left as it is. */
function resolveRef(schema: Record<string, unknown>, root: Record<string, unknown>): Record<string, unknown> {
  if (typeof schema.$ref !== 'string' || !schema.$ref.startsWith('#/')) return schema;
  let target: unknown = root;
  for (const part of schema.$ref.slice(2).split('/'))
    target = isRecord(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return isRecord(target) ? target : schema;
}
