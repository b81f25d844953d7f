/**
 * Every schema position inside a tool's `inputSchema`, with the path a reader finds it at
 * (`properties.city.items`). A keyword the host does not take is reported by the caller and
 * not walked into: what sits under it never reaches the host's own checks.
 */
export interface SchemaNode {
  path: string;
  schema: unknown;
}

/** Keywords whose value is one schema, a list of schemas, or a map of name → schema. */
const ONE = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
];
const LIST = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/** Calls `visit` for each schema position; `enter(keyword)` says whether to walk under a keyword. */
export function walkSchema(root: unknown, visit: (node: SchemaNode) => void, enter: (keyword: string) => boolean = () => true): void {
  const seen = new Set<unknown>();
  const go = (schema: unknown, path: string, depth: number): void => {
    visit({ path, schema });
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || seen.has(schema) || depth > 64) return;
    seen.add(schema);
    const s = schema as Record<string, unknown>;
    const at = (k: string) => (path ? `${path}.${k}` : k);
    for (const k of ONE) {
      if (!(k in s) || !enter(k)) continue;
      if (Array.isArray(s[k])) (s[k] as unknown[]).forEach((sub, i) => go(sub, `${at(k)}[${i}]`, depth + 1));
      else go(s[k], at(k), depth + 1);
    }
    for (const k of LIST)
      if (Array.isArray(s[k]) && enter(k)) (s[k] as unknown[]).forEach((sub, i) => go(sub, `${at(k)}[${i}]`, depth + 1));
    for (const k of MAP) {
      const map = s[k];
      if (typeof map !== 'object' || map === null || Array.isArray(map) || !enter(k)) continue;
      for (const [name, sub] of Object.entries(map)) go(sub, `${at(k)}.${name}`, depth + 1);
    }
  };
  go(root, '', 0);
}
