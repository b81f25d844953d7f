import { askText, name, pickOne, say, type Text } from '../shown';
import { argumentHead, bounds, checkScalar, type SimpleField } from './scalarFields';

/** Asks for each field in turn; undefined when the user cancels (Escape). */
export async function askArguments(
  tool: string,
  fields: SimpleField[],
  last: Record<string, unknown> | undefined,
): Promise<Record<string, unknown> | undefined> {
  const args: Record<string, unknown> = {};
  for (const [i, field] of fields.entries()) {
    const key = field.key!;
    const title = say`${name(tool)} (${i + 1}/${fields.length}): ${argumentHead(field)}`;
    const previous: Kept = last?.[key] !== undefined ? { value: last[key], said: 'last used' } : { value: field.default, said: 'default' };
    const value = await askField(field, title, previous);
    if (value === CANCELLED) return undefined;
    if (value !== OMIT) args[key] = value;
  }
  return args;
}

const CANCELLED = Symbol('cancelled');
const OMIT = Symbol('omit');

/** What Enter keeps: the value last used for the tool, else the schema's default, and which it is. */
interface Kept {
  value: unknown;
  said: 'last used' | 'default';
}

async function askField(field: SimpleField, title: Text, previous: Kept): Promise<unknown> {
  const optional = !field.required;
  const leaveOut = { label: say`$(circle-slash) Leave out`, description: say`optional`, value: OMIT as unknown };
  switch (field.kind) {
    case 'const':
      return field.value;
    case 'boolean':
    case 'enum': {
      const options =
        field.kind === 'boolean'
          ? [true, false].map((v) => ({ value: v as unknown, label: String(v), description: undefined as string | undefined }))
          : field.options;
      const items = options.map((o) => ({
        label: say`${o.label}`,
        description: say`${[o.description, same(o.value, previous.value) ? previous.said : ''].filter(Boolean).join(' · ')}`,
        value: o.value,
      }));
      // Enter keeps what a text field keeps: the last value used or the schema's default, else
      // for an optional field nothing (it took `true`, the first row, for an optional flag).
      const kept = previous.value === undefined ? -1 : options.findIndex((o) => same(o.value, previous.value));
      const picked = await pickOne(optional ? [...items, leaveOut] : items, {
        title,
        placeHolder: field.description === undefined ? undefined : say`${field.description}`,
        ignoreFocusOut: true,
        active: kept >= 0 ? kept : optional ? items.length : 0,
      });
      return picked === undefined ? CANCELLED : picked;
    }
    case 'string':
    case 'number':
    case 'integer': {
      const hint = field.kind === 'string' ? field.formatHint : bounds(field);
      const text = await askText({
        title,
        // The description and the pattern in the validation message are the server's words.
        prompt: say`${field.description ?? ''}${optional ? `${field.description ? ' ' : ''}Leave empty to leave it out.` : ''}`,
        placeHolder: hint === undefined ? undefined : say`${hint}`,
        value: previous.value === undefined || previous.value === null ? '' : String(previous.value),
        ignoreFocusOut: true,
        validate: (input) => {
          const problem = checkScalar(field, input);
          return problem === undefined ? undefined : say`${problem}`;
        },
      });
      if (text === undefined) return CANCELLED;
      if (text === '' && optional) return OMIT;
      return field.kind === 'string' ? text : Number(text.trim());
    }
  }
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
