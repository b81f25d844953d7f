import { isAppOnly } from '../apps/toolVisibility';
import { line } from './bounds';

type Item = Record<string, unknown>;

/** The parameter names of an input schema, required ones marked: `city*: string, units: "c"|"f"`. */
function parameters(schema: unknown): string {
  if (typeof schema !== 'object' || schema === null) return '';
  const s = schema as { properties?: Record<string, unknown>; required?: unknown };
  const required = new Set(Array.isArray(s.required) ? s.required.map(String) : []);
  return Object.entries(s.properties ?? {})
    .map(([name, prop]) => {
      const p = (typeof prop === 'object' && prop !== null ? prop : {}) as { type?: unknown; enum?: unknown };
      const type = Array.isArray(p.enum)
        ? p.enum.map((v) => JSON.stringify(v)).join('|')
        : Array.isArray(p.type)
          ? p.type.join('|')
          : String(p.type ?? 'any');
      return `${name}${required.has(name) ? '*' : ''}: ${type}`;
    })
    .join(', ');
}

/** One line per tool, resource or prompt; a tool's full input schema is one `list` away. */
export function itemsText(kind: 'tools' | 'resources' | 'prompts', listed: readonly Item[], withSchemas = false): string {
  // A tool only its app may call is hidden from models (MCP Apps `_meta.ui.visibility`): counted, never named.
  const items = kind === 'tools' ? listed.filter((item) => !isAppOnly(item)) : listed;
  const hidden = listed.length - items.length;
  const note = hidden
    ? [
        `(${hidden} app-only tool${hidden === 1 ? '' : 's'} left out: callable by ${hidden === 1 ? 'its' : 'their'} app only, hidden from models)`,
      ]
    : [];
  if (items.length === 0) return [`No ${kind}.`, ...note].join('\n');
  const lines = items.map((item) => {
    const description = typeof item.description === 'string' && item.description !== '' ? ` — ${line(item.description, 200)}` : '';
    if (kind === 'tools') {
      const head = `- ${line(String(item.name), 120)}(${parameters(item.inputSchema)})${description}`;
      return withSchemas ? `${head}\n  inputSchema: ${line(JSON.stringify(item.inputSchema ?? {}), 2000)}` : head;
    }
    if (kind === 'prompts') {
      const args = Array.isArray(item.arguments)
        ? item.arguments.map((a: Item) => `${String(a.name)}${a.required ? '*' : ''}`).join(', ')
        : '';
      return `- ${line(String(item.name), 120)}(${args})${description}`;
    }
    const where = String(item.uri ?? item.uriTemplate ?? '');
    return `- ${line(where, 300)}${item.name !== undefined ? ` (${line(String(item.name), 120)})` : ''}${item.uriTemplate !== undefined ? ' [template]' : ''}${description}`;
  });
  return [`${items.length} ${kind}:`, ...lines, ...note].join('\n');
}
