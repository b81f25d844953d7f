import { isRecord } from './isRecord';

export interface ParameterRow {
  name: string;
  /** `string`, `number[]`, `"c" | "f"`, `object`; `any` when the schema says nothing. */
  type: string;
  required: boolean;
  description: string;
}

/** The top-level parameters of a tool's input schema, in the schema's order, for a hover table. */
export function parameterRows(schema: unknown): ParameterRow[] {
  if (!isRecord(schema) || !isRecord(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  return Object.entries(schema.properties).map(([name, prop]) => {
    const p = isRecord(prop) ? prop : {};
    return { name, type: typeText(p), required: required.has(name), description: typeof p.description === 'string' ? p.description : '' };
  });
}

function typeText(p: Record<string, unknown>): string {
  if (Array.isArray(p.enum)) return p.enum.map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in p) return JSON.stringify(p.const);
  if (Array.isArray(p.type)) return p.type.map(String).join(' | ');
  if (p.type === 'array') return isRecord(p.items) ? `${typeText(p.items)}[]` : 'array';
  if (typeof p.type === 'string') return p.format === undefined ? p.type : `${p.type} (${String(p.format)})`;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = p[key];
    if (Array.isArray(options)) return options.map((o) => (isRecord(o) ? typeText(o) : 'any')).join(' | ');
  }
  return 'any';
}
