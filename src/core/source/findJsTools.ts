/**
 * Tool definitions in TypeScript/JavaScript: `x.registerTool("name", …)`, `x.tool("name", …)`
 * (MCP SDK), `x.addTool({ name: "name", … })` (FastMCP-TS), and object literals with a
 * string `name` and an `inputSchema` (a tools/list handler, a tools array).
 */
import { tokenizeJs } from './jsTokenizer';
import type { ToolDefinition, ToolDefinitionKind } from './toolDefinition';
import { LineIndex, matchBrackets, type Token } from './tokens';

const TOOL_OBJECT_KEYS = new Set(['name', 'inputSchema']);
const NAME_KEY = new Set(['name']);

const NAMED_CALLS = new Map<string, ToolDefinitionKind>([
  ['registerTool', 'registerTool'],
  ['tool', 'tool'],
]);

export function findJsTools(text: string): ToolDefinition[] {
  const tokens = tokenizeJs(text);
  const match = matchBrackets(tokens);
  const lines = new LineIndex(text);
  const found: ToolDefinition[] = [];
  const claimed = new Set<number>();
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
    if (kind && arg.type === 'string') {
      found.push(at(tokens[receiverStart(tokens, i - 1)], close, arg.value, kind));
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

function isPunct(token: Token | undefined, value: string): boolean {
  return token !== undefined && token.type === 'punct' && token.value === value;
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
function objectKeys(tokens: readonly Token[], match: Int32Array, open: number, wanted: ReadonlySet<string>): Map<string, string | true> | undefined {
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
      const single = value?.type === 'string' && (isPunct(after, ',') || isPunct(after, '}') || (after?.type === 'ident' && after.value === 'as'));
      keys.set(t.value, single ? value.value : true);
    } else if (t.type === 'ident' && (isPunct(next, ',') || j + 1 === close)) {
      keys.set(t.value, true); // shorthand `{ inputSchema }`
    }
  }
  return keys;
}
