/** Names for the variants of a oneOf / anyOf, as the user picks between them. */
import { isRecord } from './isRecord';

type Schema = Record<string, unknown>;

/** A variant's name: its title, its `$ref` name, its discriminating constant, or its type. */
export function variantLabel(original: unknown, schema: Schema, index: number): string {
  if (isRecord(original) && typeof original.title === 'string') return original.title;
  if (typeof schema.title === 'string') return schema.title;
  if (isRecord(original) && typeof original.$ref === 'string') {
    const name = original.$ref.split('/').pop();
    if (name) return name;
  }
  if (isRecord(schema.properties)) {
    for (const sub of Object.values(schema.properties)) {
      if (isRecord(sub) && typeof sub.const === 'string') return sub.const;
      if (isRecord(sub) && Array.isArray(sub.enum) && sub.enum.length === 1 && typeof sub.enum[0] === 'string') {
        return sub.enum[0];
      }
    }
  }
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type) && type.length > 0) return type.join(' | ');
  if ('properties' in schema) return 'object';
  if ('items' in schema) return 'array';
  return `Option ${index + 1}`;
}

/** Tells equal labels apart: `string`, `string (2)`. */
export function uniqueLabels(labels: string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((label) => {
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return n === 1 ? label : `${label} (${n})`;
  });
}
