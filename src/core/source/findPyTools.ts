/**
 * Tool definitions in Python: `@x.tool`, `@x.tool()`, `@x.tool("name")`, `@x.tool(name="name")`
 * (FastMCP, the MCP SDK's FastMCP, any receiver) over `def f` / `async def f`, and
 * `Tool(name="name", …)` / `types.Tool(name=…)` (the low-level SDK's tools/list handler).
 */
import { tokenizePy } from './pyTokenizer';
import type { ToolDefinition } from './toolDefinition';
import { isPunct, LineIndex, matchBrackets, type Token } from './tokens';

export function findPyTools(text: string): ToolDefinition[] {
  const tokens = tokenizePy(text);
  const match = matchBrackets(tokens);
  const lines = new LineIndex(text);
  const found: ToolDefinition[] = [];

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (isPunct(t, '@') && startsLine(tokens, i, lines)) {
      const decorator = readDecorator(tokens, match, i);
      if (!decorator) continue;
      const target = decoratedDef(tokens, match, decorator.next, lines);
      if (!decorator.isTool || !target) {
        continue;
      }
      found.push({
        name: decorator.name ?? target.name,
        line: lines.line(t.start),
        column: lines.column(t.start),
        endLine: bodyEnd(tokens, match, target.defIndex, lines.column(t.start), lines),
        kind: 'decorator',
      });
    } else if (t.type === 'ident' && t.value === 'Tool' && isPunct(tokens[i + 1], '(')) {
      const name = keywordString(tokens, match, i + 1, 'name');
      if (name === undefined) continue;
      let start = i;
      while (start >= 2 && isPunct(tokens[start - 1], '.') && tokens[start - 2].type === 'ident') start -= 2;
      found.push({
        name,
        line: lines.line(tokens[start].start),
        column: lines.column(tokens[start].start),
        endLine: lines.line(tokens[match[i + 1]].start),
        kind: 'toolConstructor',
      });
    }
  }
  return found;
}

/** A decorator's `@` is the first token on its line (elsewhere `@` is matrix multiplication). */
function startsLine(tokens: readonly Token[], i: number, lines: LineIndex): boolean {
  return i === 0 || lines.line(tokens[i - 1].end - 1) < lines.line(tokens[i].start);
}

interface Decorator {
  /** The dotted name ends in `.tool` on some receiver (`mcp.tool`, `self.server.tool`). */
  isTool: boolean;
  /** The name given in the decorator's arguments, if any. */
  name?: string;
  /** Index of the token after the decorator. */
  next: number;
}

function readDecorator(tokens: readonly Token[], match: Int32Array, at: number): Decorator | undefined {
  let j = at + 1;
  const parts: string[] = [];
  while (tokens[j]?.type === 'ident') {
    parts.push(tokens[j].value);
    if (!isPunct(tokens[j + 1], '.')) break;
    j += 2;
  }
  if (parts.length === 0) return undefined;
  j++;
  const isTool = parts.length >= 2 && parts[parts.length - 1] === 'tool';
  if (!isPunct(tokens[j], '(')) return { isTool, next: j };
  const open = j;
  const close = match[open];
  let name = keywordString(tokens, match, open, 'name');
  // `@mcp.tool("name")`: a string as the first positional argument names the tool.
  if (name === undefined && tokens[open + 1]?.type === 'string' && (isPunct(tokens[open + 2], ',') || open + 2 === close)) {
    name = tokens[open + 1].value;
  }
  return { isTool, name, next: close + 1 };
}

/** The function a decorator applies to, skipping any further decorators. */
function decoratedDef(tokens: readonly Token[], match: Int32Array, from: number, lines: LineIndex) {
  let j = from;
  while (isPunct(tokens[j], '@') && startsLine(tokens, j, lines)) {
    const next = readDecorator(tokens, match, j);
    if (!next) return undefined;
    j = next.next;
  }
  if (tokens[j]?.type === 'ident' && tokens[j].value === 'async') j++;
  if (tokens[j]?.type !== 'ident' || tokens[j].value !== 'def' || tokens[j + 1]?.type !== 'ident') return undefined;
  return { name: tokens[j + 1].value, defIndex: j };
}

/** Last line of a function body: the last token before one that starts a line at or left of the decorator. */
function bodyEnd(tokens: readonly Token[], match: Int32Array, defIndex: number, indent: number, lines: LineIndex): number {
  // The signature's colon: after the parameter list and any `-> annotation`.
  let j = defIndex + 2;
  if (isPunct(tokens[j], '(')) j = match[j] + 1;
  while (j < tokens.length && !isPunct(tokens[j], ':')) {
    if (isPunct(tokens[j], '(') || isPunct(tokens[j], '[')) j = match[j];
    j++;
  }
  let last = Math.min(j, tokens.length - 1);
  for (let k = j + 1; k < tokens.length; k++) {
    const line = lines.line(tokens[k].start);
    const startsNewLine = lines.line(tokens[k - 1].end - 1) < line;
    if (startsNewLine && lines.column(tokens[k].start) <= indent) break;
    last = k;
  }
  return lines.line(tokens[last].end - 1);
}

/** The string value of `key=` among the top-level arguments of the call whose `(` is at `open`. */
function keywordString(tokens: readonly Token[], match: Int32Array, open: number, key: string): string | undefined {
  const close = match[open];
  for (let j = open + 1; j < close; j++) {
    const t = tokens[j];
    if (t.type === 'punct' && (t.value === '(' || t.value === '[' || t.value === '{')) {
      j = match[j];
      continue;
    }
    if (t.type === 'ident' && t.value === key && isPunct(tokens[j + 1], '=') && !isPunct(tokens[j + 2], '=')) {
      const value = tokens[j + 2];
      const after = tokens[j + 3];
      if (value?.type === 'string' && (isPunct(after, ',') || isPunct(after, ')'))) return value.value;
      return undefined;
    }
  }
  return undefined;
}
