import type { ElicitAnswer } from '../../core/session/elicitation';
import { contentFaults, enumValues } from '../../core/session/elicitationSchema';
import type { Terminal } from '../terminal';

type Schema = Record<string, unknown>;

/** Reads what was typed for one form field as the field's type; empty leaves it out (its default applies). */
export function typedValue(prop: Schema, text: string): unknown {
  const t = text.trim();
  if (t === '') return undefined;
  switch (prop.type) {
    case 'boolean':
      return /^(y|yes|true)$/i.test(t) ? true : /^(n|no|false)$/i.test(t) ? false : t;
    case 'number':
    case 'integer':
      return Number.isNaN(Number(t)) ? t : Number(t);
    case 'array':
      return t
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
    default:
      return t;
  }
}

function fieldPrompt(name: string, prop: Schema, required: boolean): string {
  const label = typeof prop.title === 'string' ? `${prop.title} (${name})` : name;
  const options = enumValues(prop.type === 'array' ? ((prop.items as Schema | undefined) ?? {}) : prop);
  const bits = [
    options ? `one${prop.type === 'array' ? ' or more, comma-separated' : ''} of ${options.map(String).join(' | ')}` : String(prop.type),
    prop.default !== undefined ? `default ${JSON.stringify(prop.default)}` : undefined,
    required ? 'required' : undefined,
  ].filter(Boolean);
  const description = typeof prop.description === 'string' ? `  ${JSON.stringify(prop.description)}\n` : '';
  return `${description}  ${JSON.stringify(label)} [${bits.join(', ')}]: `;
}

/** A form elicitation answered on the terminal: accept (field by field, checked against the form), decline or cancel. */
export async function answerFormOnTerminal(
  params: Record<string, unknown>,
  terminal: Terminal,
  say: (line: string) => void,
): Promise<ElicitAnswer> {
  say(`The server asks: ${JSON.stringify(String(params.message ?? ''))}`);
  const action = (await terminal.ask('  Accept, decline or cancel? [a/d/c] ')).trim().toLowerCase();
  if (action.startsWith('d')) return { action: 'decline' };
  if (!action.startsWith('a')) return { action: 'cancel' };
  const schema = (params.requestedSchema ?? {}) as Schema;
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  for (;;) {
    const content: Record<string, unknown> = {};
    for (const [name, prop] of Object.entries(properties)) {
      const value = typedValue(prop, await terminal.ask(fieldPrompt(name, prop, required.has(name))));
      if (value !== undefined) content[name] = value;
    }
    const withRequiredDefaults = { ...content };
    for (const name of required)
      if (withRequiredDefaults[name] === undefined && properties[name]?.default !== undefined)
        withRequiredDefaults[name] = properties[name]!.default;
    const faults = contentFaults(schema, withRequiredDefaults);
    if (faults.length === 0) return { action: 'accept', content };
    say(`  Not sent: ${faults.join('; ')}. Once more:`);
  }
}
