/**
 * draft-04 wrote `exclusiveMinimum: true` beside `minimum`; draft-06 and later put the bound
 * in `exclusiveMinimum` itself. Old hand-written tool schemas still use the boolean form.
 */

type Schema = Record<string, unknown>;

/** One schema node with boolean exclusive bounds rewritten to the numeric form. */
export function numericBounds(schema: Schema): Schema {
  if (typeof schema.exclusiveMinimum !== 'boolean' && typeof schema.exclusiveMaximum !== 'boolean') return schema;
  const out = { ...schema };
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag] === true && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    } else delete out[flag];
  }
  return out;
}

/** The whole schema tree with boolean exclusive bounds rewritten; the input is not changed. */
export function upgradeBounds(node: unknown, depth = 0): unknown {
  if (depth > 64 || node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((item) => upgradeBounds(item, depth + 1));
  const out: Schema = {};
  for (const [key, value] of Object.entries(numericBounds(node as Schema))) {
    // Data, not schemas: leave them as they are.
    out[key] = key === 'enum' || key === 'const' || key === 'default' || key === 'examples' ? value : upgradeBounds(value, depth + 1);
  }
  return out;
}

/** Whether any node uses the boolean form (so the tree needs `upgradeBounds`). */
export function hasBooleanBounds(node: unknown): boolean {
  return JSON.stringify(node)?.match(/"exclusiveM(?:in|ax)imum":(?:true|false)/) !== null;
}
