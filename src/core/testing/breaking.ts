/**
 * Which interface changes break a caller. One rule set for `mcp-lens diff` and the editor's
 * diff after a restart. The direction matters: a tool's input is what callers send (it may
 * only accept more), its output is what callers read (it may only promise more).
 */
import { LIST_KINDS, type ListKind, type ListsDiff, type SchemaChange } from '../devloop/listDiff';

export type ChangeAction = 'added' | 'removed' | 'changed';

export interface ClassifiedChange {
  kind: ListKind;
  /** The tool or prompt name, the resource URI or template. */
  item: string;
  action: ChangeAction;
  /** The schema path (`inputSchema.units`) or field (`description`); absent for a whole item. */
  path?: string;
  text: string;
  breaking: boolean;
  /** Why a caller breaks, or why it does not. */
  reason: string;
}

const SINGULAR: Record<ListKind, string> = { tools: 'tool', resources: 'resource', prompts: 'prompt' };

type Side = 'input' | 'output' | 'prompt';

function sideOf(path: string): Side {
  if (path.startsWith('outputSchema')) return 'output';
  if (path.startsWith('arguments')) return 'prompt';
  return 'input';
}

/** `string | null` → {string, null}; `any` is every type. */
function typeSet(type: string): Set<string> {
  return new Set(type.split(' | '));
}

/** Does every value of type `a` also have type `b`? (integer is a number). */
function typeWithin(a: string, b: string): boolean {
  const inner = typeSet(a);
  const outer = typeSet(b);
  if (outer.has('any')) return true;
  if (inner.has('any')) return false;
  return [...inner].every((t) => outer.has(t) || (t === 'integer' && outer.has('number')));
}

type Verdict = { breaking: boolean; reason: string };
const breaks = (reason: string): Verdict => ({ breaking: true, reason });
const fine = (reason: string): Verdict => ({ breaking: false, reason });

export function classifySchemaChange(change: SchemaChange): Verdict {
  const side = sideOf(change.path);
  const isRoot = change.path === 'inputSchema' || change.path === 'outputSchema';
  switch (change.kind) {
    case 'description-changed':
      return fine('descriptions do not change what is accepted or returned');
    case 'field-added':
      if (isRoot)
        return side === 'output' ? fine('a new output schema only adds a promise') : breaks('an input schema now constrains the arguments');
      if (side === 'output') return fine('callers ignore output fields they do not know');
      return change.required
        ? breaks('callers that do not send the new required field are rejected')
        : fine('an optional field asks nothing of callers');
    case 'field-removed':
      if (side === 'output')
        return breaks(isRoot ? 'callers reading structuredContent lose its schema' : 'callers reading the field no longer get it');
      return breaks(
        side === 'prompt' ? 'callers passing the argument are no longer understood' : 'callers sending the field are no longer understood',
      );
    case 'required-changed':
      if (side === 'output')
        return change.required ? fine('the field is now always there') : breaks('callers reading the field may not get it');
      return change.required ? breaks('callers that omit the field are now rejected') : fine('the field may now be left out');
    case 'type-changed': {
      const { before, after } = change.types ?? { before: 'any', after: 'any' };
      if (side === 'output')
        return typeWithin(after, before)
          ? fine(`output type narrowed (${before} → ${after})`)
          : breaks(`callers may read a type they do not handle (${before} → ${after})`);
      return typeWithin(before, after)
        ? fine(`input type widened (${before} → ${after})`)
        : breaks(`values callers sent before are no longer accepted (${before} → ${after})`);
    }
    case 'enum-changed': {
      const v = change.values ?? { before: null, after: null, added: [], removed: [] };
      const list = (values: unknown[]) => values.map((x) => JSON.stringify(x)).join(', ');
      if (side === 'output') {
        if (v.before !== null && v.after === null) return breaks('the output is no longer limited to known values');
        return v.added.length
          ? breaks(`callers may read values they do not handle: ${list(v.added)}`)
          : fine('the output only lost values');
      }
      if (v.before === null && v.after !== null) return breaks('the input is now limited to a list of values');
      return v.removed.length ? breaks(`values callers may send are gone: ${list(v.removed)}`) : fine('the input only gained values');
    }
  }
}

/** Every change of a lists diff, each with its verdict, in the diff's order. */
export function classifyDiff(diff: ListsDiff): ClassifiedChange[] {
  const out: ClassifiedChange[] = [];
  for (const kind of LIST_KINDS) {
    const d = diff[kind];
    const noun = SINGULAR[kind];
    for (const item of d.added)
      out.push({
        kind,
        item,
        action: 'added',
        text: `${noun} ${item} added`,
        breaking: false,
        reason: `a new ${noun} asks nothing of existing callers`,
      });
    for (const item of d.removed)
      out.push({
        kind,
        item,
        action: 'removed',
        text: `${noun} ${item} removed`,
        breaking: true,
        reason: `callers of the ${noun} get an error`,
      });
    for (const c of d.changed) {
      for (const s of c.schema)
        out.push({ kind, item: c.name, action: 'changed', path: s.path, text: `${noun} ${c.name}: ${s.text}`, ...classifySchemaChange(s) });
      for (const field of c.fields)
        out.push({
          kind,
          item: c.name,
          action: 'changed',
          path: field,
          text: `${noun} ${c.name}: ${field} changed`,
          breaking: false,
          reason: 'metadata, not the calling contract',
        });
    }
  }
  return out;
}

export function countBreaking(changes: readonly ClassifiedChange[]): number {
  return changes.filter((c) => c.breaking).length;
}

/** `! tool weather: inputSchema.units now required — breaking: callers that omit…` / `~ …`. */
export function describeChange(change: ClassifiedChange): string {
  const mark = change.action === 'added' ? '+' : change.action === 'removed' ? '-' : '~';
  return change.breaking ? `${mark} ${change.text} — breaking: ${change.reason}` : `${mark} ${change.text}`;
}
