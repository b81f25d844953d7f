/**
 * Tool definitions in TypeScript/JavaScript: `x.registerTool("name", …)`, `x.tool("name", …)`
 * (MCP SDK), `x.addTool({ name: "name", … })` (FastMCP-TS), and object literals with a
 * string `name` and an `inputSchema` (a tools/list handler, a tools array).
 */
import { tokenizeJs } from './jsTokenizer';
import type { ToolDefinition, ToolDefinitionKind } from './toolDefinition';
import { isPunct, LineIndex, matchBrackets, type Token } from './tokens';

const TOOL_OBJECT_KEYS = new Set(['name', 'inputSchema']);
const NAME_KEY = new Set(['name']);

const NAMED_CALLS = new Map<string, ToolDefinitionKind>([
  ['registerTool', 'registerTool'],
  ['registerToolTask', 'registerTool'], // the SDK's experimental task-based tools
  ['tool', 'tool'],
]);

export function findJsTools(text: string): ToolDefinition[] {
  const tokens = tokenizeJs(text);
  const match = matchBrackets(tokens);
  const lines = new LineIndex(text);
  const found: ToolDefinition[] = [];
  const claimed = new Set<number>();
  const constants = new StringConstants(tokens);
  const at = (start: Token, endIndex: number, name: string, kind: ToolDefinitionKind): ToolDefinition => ({
    name,
    line: lines.line(start.start),
    column: lines.column(start.start),
    endLine: lines.line(tokens[endIndex].start),
    kind,
  });

  for (let i = 1; i + 2 < tokens.length; i++) {
    const t = tokens[i];
    if (t.type !== 'ident' || !isPunct(tokens[i - 1], '.') || !isPunct(tokens[i + 1], '(')) continue;
    const arg = tokens[i + 2];
    const close = match[i + 1];
    const kind = NAMED_CALLS.get(t.value);
    const name = kind && (arg.type === 'string' ? arg.value : arg.type === 'ident' ? constants.valueAt(arg.value, arg.start) : undefined);
    if (kind && name !== undefined) {
      found.push(at(tokens[receiverStart(tokens, i - 1)], close, name, kind));
    } else if (t.value === 'addTool' && isPunct(arg, '{')) {
      const name = objectKeys(tokens, match, i + 2, NAME_KEY)?.get('name');
      if (typeof name === 'string') {
        claimed.add(i + 2);
        found.push(at(tokens[receiverStart(tokens, i - 1)], close, name, 'addTool'));
      }
    }
  }

  for (let i = 0; i < tokens.length; i++) {
    if (!isPunct(tokens[i], '{') || claimed.has(i)) continue;
    const keys = objectKeys(tokens, match, i, TOOL_OBJECT_KEYS);
    const name = keys?.get('name');
    if (typeof name === 'string' && keys!.has('inputSchema')) {
      found.push(at(tokens[i], match[i], name, 'toolObject'));
    }
  }
  return found.sort((a, b) => a.line - b.line || a.column - b.column);
}

/**
 * `const name = "echo"` declarations, so `server.registerTool(name, …)` is found too (the
 * reference servers register every tool that way). Scopes are not tracked: the nearest
 * declaration before the use wins, else the only one after it.
 */
class StringConstants {
  private readonly byName = new Map<string, { offset: number; value: string }[]>();

  constructor(tokens: readonly Token[]) {
    for (let i = 1; i + 3 < tokens.length; i++) {
      const keyword = tokens[i - 1];
      if (keyword.type !== 'ident' || (keyword.value !== 'const' && keyword.value !== 'let' && keyword.value !== 'var')) continue;
      const [id, eq, value, end] = [tokens[i], tokens[i + 1], tokens[i + 2], tokens[i + 3]];
      if (id.type !== 'ident' || !isPunct(eq, '=') || value.type !== 'string') continue;
      if (!isPunct(end, ';') && !isPunct(end, ',') && !(end.type === 'ident' && end.value === 'as')) {
        // Without a semicolon the next token may start a new statement (`const a = "x"\nfoo()`).
        if (end.type === 'punct' && end.value !== '}') continue;
      }
      const list = this.byName.get(id.value) ?? [];
      list.push({ offset: id.start, value: value.value });
      this.byName.set(id.value, list);
    }
  }

  valueAt(name: string, offset: number): string | undefined {
    const list = this.byName.get(name);
    if (!list) return undefined;
    const before = list.filter((d) => d.offset < offset);
    if (before.length > 0) return before[before.length - 1].value;
    return list.length === 1 ? list[0].value : undefined;
  }
}

/** Index of the first token of a receiver chain (`this.server`, `server?.`) ending at the `.` at `dot`. */
function receiverStart(tokens: readonly Token[], dot: number): number {
  let start = dot + 1; // the method name itself when the receiver is not a plain chain (`f().tool`)
  let k = dot;
  while (isPunct(tokens[k], '.')) {
    const prev = isPunct(tokens[k - 1], '?') ? k - 2 : k - 1;
    if (prev < 0 || tokens[prev].type !== 'ident') break;
    start = prev;
    k = prev - 1;
  }
  return start;
}

/**
 * Those of `wanted` among the top-level keys of the object literal opening at `open`: a string
 * when the key's value is one string literal, else true. Nested brackets are skipped whole.
 * Undefined when none is there (most `{` are blocks or unrelated objects: no allocation).
 */
function objectKeys(
  tokens: readonly Token[],
  match: Int32Array,
  open: number,
  wanted: ReadonlySet<string>,
): Map<string, string | true> | undefined {
  let keys: Map<string, string | true> | undefined;
  const close = match[open];
  let expectKey = true;
  for (let j = open + 1; j < close; j++) {
    const t = tokens[j];
    if (t.type === 'punct' && (t.value === '(' || t.value === '[' || t.value === '{')) {
      j = match[j];
      expectKey = false;
      continue;
    }
    if (isPunct(t, ',')) {
      expectKey = true;
      continue;
    }
    if (!expectKey) continue;
    expectKey = false;
    if ((t.type !== 'ident' && t.type !== 'string') || !wanted.has(t.value)) continue;
    keys ??= new Map();
    const next = tokens[j + 1];
    if (isPunct(next, ':')) {
      const value = tokens[j + 2];
      const after = tokens[j + 3];
      const single =
        value?.type === 'string' && (isPunct(after, ',') || isPunct(after, '}') || (after?.type === 'ident' && after.value === 'as'));
      keys.set(t.value, single ? value.value : true);
    } else if (t.type === 'ident' && (isPunct(next, ',') || j + 1 === close)) {
      keys.set(t.value, true); // shorthand `{ inputSchema }`
    }
  }
  return keys;
}
