/**
 * What a restart changed in a server's tools, resources and prompts: items added and
 * removed, and per item the changes a client would notice — above all in a tool's
 * inputSchema (a field added or removed, its type, whether it is required, its description).
 */
export type ListKind = 'tools' | 'resources' | 'prompts';
export const LIST_KINDS: readonly ListKind[] = ['tools', 'resources', 'prompts'];

export type Item = Record<string, unknown>;
export type Lists = Partial<Record<ListKind, readonly Item[]>>;

export type SchemaChangeKind =
  'field-added' | 'field-removed' | 'type-changed' | 'required-changed' | 'description-changed' | 'enum-changed';

export interface SchemaChange {
  kind: SchemaChangeKind;
  /** `inputSchema.units`, `inputSchema.options.days`, `outputSchema` (the root). */
  path: string;
  text: string;
  /** type-changed: the types before and after, as typeOf writes them. */
  types?: { before: string; after: string };
  /** enum-changed: the lists (null: no enum, any value) and the values that appeared and disappeared. */
  values?: { before: unknown[] | null; after: unknown[] | null; added: unknown[]; removed: unknown[] };
  /** field-added: whether the new field is required; required-changed: whether it now is. */
  required?: boolean;
}

export interface ItemChange {
  name: string;
  /** Changes inside inputSchema / outputSchema, or a prompt's arguments. */
  schema: SchemaChange[];
  /** Other fields whose value changed (description, title, mimeType, annotations…). */
  fields: string[];
}

export interface KindDiff {
  added: string[];
  removed: string[];
  changed: ItemChange[];
}

export type ListsDiff = Record<ListKind, KindDiff>;

/** Tools and prompts are keyed by name; resources by URI (templates by their URI template). */
export function itemKey(item: Item): string {
  return String(item.uri ?? item.uriTemplate ?? item.name ?? '(unnamed)');
}

/** Kinds listed on one side only (not declared, or the list failed) are not compared. */
export function diffLists(before: Lists, after: Lists): ListsDiff {
  const diff = {} as ListsDiff;
  for (const kind of LIST_KINDS) {
    const a = before[kind];
    const b = after[kind];
    diff[kind] = a && b ? diffItems(a, b) : { added: [], removed: [], changed: [] };
  }
  return diff;
}

export function diffItems(before: readonly Item[], after: readonly Item[]): KindDiff {
  const old = new Map(before.map((i) => [itemKey(i), i]));
  const now = new Map(after.map((i) => [itemKey(i), i]));
  const added = [...now.keys()].filter((k) => !old.has(k));
  const removed = [...old.keys()].filter((k) => !now.has(k));
  const changed: ItemChange[] = [];
  for (const [key, item] of now) {
    const was = old.get(key);
    if (!was) continue;
    const change = diffItem(key, was, item);
    if (change.schema.length > 0 || change.fields.length > 0) changed.push(change);
  }
  return { added, removed, changed };
}

function diffItem(name: string, before: Item, after: Item): ItemChange {
  const schema: SchemaChange[] = [];
  const fields: string[] = [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of [...keys].sort()) {
    if (key === 'inputSchema' || key === 'outputSchema') schema.push(...diffSchema(before[key], after[key], key));
    else if (key === 'arguments' && (Array.isArray(before[key]) || Array.isArray(after[key])))
      schema.push(...diffPromptArguments(before[key], after[key]));
    else if (!sameJson(before[key], after[key])) fields.push(key);
  }
  return { name, schema, fields };
}

type Schema = Record<string, unknown>;

function asSchema(value: unknown): Schema | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Schema) : undefined;
}

/** `string`, `string | null`, `any` (no type given). */
export function typeOf(schema: Schema | undefined): string {
  const type = schema?.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return [...type].map(String).sort().join(' | ');
  if (schema?.enum) return 'enum';
  if (schema?.$ref) return String(schema.$ref);
  return 'any';
}

function requiredSet(schema: Schema | undefined): Set<string> {
  return new Set(Array.isArray(schema?.required) ? schema.required.map(String) : []);
}

function diffSchema(beforeValue: unknown, afterValue: unknown, path: string): SchemaChange[] {
  const before = asSchema(beforeValue);
  const after = asSchema(afterValue);
  if (!before && !after) return [];
  if (!before) return [{ kind: 'field-added', path, text: `${path} added` }];
  if (!after) return [{ kind: 'field-removed', path, text: `${path} removed` }];
  const changes: SchemaChange[] = [];
  const was = typeOf(before);
  const now = typeOf(after);
  if (was !== now) changes.push({ kind: 'type-changed', path, text: `${path}: type ${was} → ${now}`, types: { before: was, after: now } });
  if (!sameJson(before.enum, after.enum)) {
    changes.push({
      kind: 'enum-changed',
      path,
      text: `${path}: allowed values ${JSON.stringify(before.enum ?? null)} → ${JSON.stringify(after.enum ?? null)}`,
      values: enumDelta(before.enum, after.enum),
    });
  }
  if (!sameJson(before.description, after.description))
    changes.push({ kind: 'description-changed', path, text: `${path}: description changed` });

  const props = { before: asSchema(before.properties) ?? {}, after: asSchema(after.properties) ?? {} };
  const required = { before: requiredSet(before), after: requiredSet(after) };
  const names = [...new Set([...Object.keys(props.before), ...Object.keys(props.after)])].sort();
  for (const name of names) {
    const at = `${path}.${name}`;
    const inBefore = name in props.before;
    const inAfter = name in props.after;
    if (!inBefore) {
      const req = required.after.has(name) ? ', required' : '';
      changes.push({
        kind: 'field-added',
        path: at,
        text: `${at} added (${typeOf(asSchema(props.after[name]))}${req})`,
        required: required.after.has(name),
      });
      continue;
    }
    if (!inAfter) {
      changes.push({ kind: 'field-removed', path: at, text: `${at} removed` });
      continue;
    }
    const wasRequired = required.before.has(name);
    if (wasRequired !== required.after.has(name)) {
      changes.push({
        kind: 'required-changed',
        path: at,
        text: `${at} ${wasRequired ? 'no longer required' : 'now required'}`,
        required: !wasRequired,
      });
    }
    changes.push(...diffSchema(props.before[name], props.after[name], at));
  }
  // Arrays: what their items must be.
  if (before.items !== undefined || after.items !== undefined) changes.push(...diffSchema(before.items, after.items, `${path}[]`));
  return changes;
}

/** An absent enum allows every value: from or to "no enum" no single value is listed as added/removed. */
function enumDelta(beforeValue: unknown, afterValue: unknown): NonNullable<SchemaChange['values']> {
  const before = Array.isArray(beforeValue) ? beforeValue : null;
  const after = Array.isArray(afterValue) ? afterValue : null;
  if (!before || !after) return { before, after, added: [], removed: [] };
  const key = (v: unknown) => JSON.stringify(sortKeys(v));
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  return { before, after, added: after.filter((v) => !had.has(key(v))), removed: before.filter((v) => !has.has(key(v))) };
}

/** A prompt's `arguments` ({name, description, required}[]) compared like schema fields. */
function diffPromptArguments(beforeValue: unknown, afterValue: unknown): SchemaChange[] {
  const toMap = (v: unknown) => new Map((Array.isArray(v) ? v : []).filter(asSchema).map((a: Schema) => [String(a.name), a]));
  const before = toMap(beforeValue);
  const after = toMap(afterValue);
  const changes: SchemaChange[] = [];
  for (const [name, arg] of after) {
    const at = `arguments.${name}`;
    const was = before.get(name);
    if (!was) {
      changes.push({
        kind: 'field-added',
        path: at,
        text: `${at} added${arg.required ? ' (required)' : ''}`,
        required: Boolean(arg.required),
      });
      continue;
    }
    if (Boolean(was.required) !== Boolean(arg.required))
      changes.push({
        kind: 'required-changed',
        path: at,
        text: `${at} ${arg.required ? 'now required' : 'no longer required'}`,
        required: Boolean(arg.required),
      });
    if (!sameJson(was.description, arg.description))
      changes.push({ kind: 'description-changed', path: at, text: `${at}: description changed` });
  }
  for (const name of before.keys())
    if (!after.has(name)) changes.push({ kind: 'field-removed', path: `arguments.${name}`, text: `arguments.${name} removed` });
  return changes;
}

export function isEmptyDiff(diff: ListsDiff): boolean {
  return LIST_KINDS.every((k) => diff[k].added.length === 0 && diff[k].removed.length === 0 && diff[k].changed.length === 0);
}

const SINGULAR: Record<ListKind, string> = { tools: 'tool', resources: 'resource', prompts: 'prompt' };

function count(n: number, noun: string, what: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'} ${what}`;
}

/**
 * "1 tool added, 1 schema changed, 1 prompt removed". A tool whose schema changed counts
 * as a schema change; any other change to an item counts as that item changed.
 */
export function summarizeDiff(diff: ListsDiff): string {
  const parts: string[] = [];
  for (const kind of LIST_KINDS) {
    const d = diff[kind];
    const noun = SINGULAR[kind];
    if (d.added.length) parts.push(count(d.added.length, noun, 'added'));
    if (d.removed.length) parts.push(count(d.removed.length, noun, 'removed'));
    const schemas = d.changed.filter((c) => c.schema.length > 0).length;
    const others = d.changed.length - schemas;
    if (schemas) parts.push(count(schemas, kind === 'prompts' ? 'argument list' : 'schema', 'changed'));
    if (others) parts.push(count(others, noun, 'changed'));
  }
  return parts.length ? parts.join(', ') : 'no changes to tools, resources or prompts';
}

/** One line per change, for the log and the diff document's header. */
export function describeDiff(diff: ListsDiff): string[] {
  const lines: string[] = [];
  for (const kind of LIST_KINDS) {
    const d = diff[kind];
    const noun = SINGULAR[kind];
    for (const name of d.added) lines.push(`+ ${noun} ${name}`);
    for (const name of d.removed) lines.push(`- ${noun} ${name}`);
    for (const c of d.changed) {
      for (const s of c.schema) lines.push(`~ ${noun} ${c.name}: ${s.text}`);
      for (const f of c.fields) lines.push(`~ ${noun} ${c.name}: ${f} changed`);
    }
  }
  return lines;
}

/** Pretty JSON with keys sorted at every level, so two versions line up in a diff editor. */
export function stableJson(value: unknown): string {
  return JSON.stringify(sortKeys(value), null, 2);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

/** The lists as one document: each kind's items sorted by key (what the diff editor shows). */
export function listsDocument(lists: Lists): string {
  const doc: Record<string, unknown> = {};
  for (const kind of LIST_KINDS) {
    const items = lists[kind];
    if (items) doc[kind] = [...items].sort((a, b) => itemKey(a).localeCompare(itemKey(b)));
  }
  return `${stableJson(doc)}\n`;
}
