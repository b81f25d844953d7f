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
    const previous = last?.[key] ?? field.default;
    const value = await askField(field, title, previous);
    if (value === CANCELLED) return undefined;
    if (value !== OMIT) args[key] = value;
  }
  return args;
}

const CANCELLED = Symbol('cancelled');
const OMIT = Symbol('omit');

async function askField(field: SimpleField, title: Text, previous: unknown): Promise<unknown> {
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
        description: say`${[o.description, JSON.stringify(o.value) === JSON.stringify(previous) ? 'last used' : ''].filter(Boolean).join(' · ')}`,
        value: o.value,
      }));
      const picked = await pickOne(optional ? [...items, leaveOut] : items, {
        title,
        placeHolder: field.description === undefined ? undefined : say`${field.description}`,
        ignoreFocusOut: true,
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
        value: previous === undefined || previous === null ? '' : String(previous),
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
