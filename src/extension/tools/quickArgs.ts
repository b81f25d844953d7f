import * as vscode from 'vscode';
import { bounds, checkScalar, type SimpleField } from './scalarFields';

/** Asks for each field in turn; undefined when the user cancels (Escape). */
export async function askArguments(tool: string, fields: SimpleField[], last: Record<string, unknown> | undefined): Promise<Record<string, unknown> | undefined> {
  const args: Record<string, unknown> = {};
  for (const [i, field] of fields.entries()) {
    const key = field.key!;
    const title = `${tool} (${i + 1}/${fields.length}): ${field.label}${field.required ? ' *' : ''}`;
    const previous = last?.[key] ?? field.default;
    const value = await askField(field, title, previous);
    if (value === CANCELLED) return undefined;
    if (value !== OMIT) args[key] = value;
  }
  return args;
}

const CANCELLED = Symbol('cancelled');
const OMIT = Symbol('omit');

async function askField(field: SimpleField, title: string, previous: unknown): Promise<unknown> {
  const optional = !field.required;
  const leaveOut = { label: '$(circle-slash) Leave out', description: 'optional', value: OMIT as unknown };
  switch (field.kind) {
    case 'const':
      return field.value;
    case 'boolean':
    case 'enum': {
      const options = field.kind === 'boolean' ? [true, false].map((v) => ({ value: v as unknown, label: String(v), description: undefined as string | undefined })) : field.options;
      const items = options.map((o) => ({ label: o.label, description: [o.description, JSON.stringify(o.value) === JSON.stringify(previous) ? 'last used' : ''].filter(Boolean).join(' · '), value: o.value }));
      const picked = await vscode.window.showQuickPick(optional ? [...items, leaveOut] : items, { title, placeHolder: field.description, ignoreFocusOut: true });
      return picked ? picked.value : CANCELLED;
    }
    case 'string':
    case 'number':
    case 'integer': {
      const text = await vscode.window.showInputBox({
        title,
        prompt: [field.description, optional ? 'Leave empty to leave it out.' : ''].filter(Boolean).join(' '),
        placeHolder: field.kind === 'string' ? field.formatHint : bounds(field),
        value: previous === undefined || previous === null ? '' : String(previous),
        ignoreFocusOut: true,
        validateInput: (input) => checkScalar(field, input),
      });
      if (text === undefined) return CANCELLED;
      if (text === '' && optional) return OMIT;
      return field.kind === 'string' ? text : Number(text.trim());
    }
  }
}
