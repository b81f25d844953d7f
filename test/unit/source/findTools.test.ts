import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { findToolDefinitions, languageOf, type ToolDefinition } from '../../../src/core/source/findTools';

const fixtures = join(import.meta.dirname, '../../fixtures/sources');

function find(file: string): ToolDefinition[] {
  return findToolDefinitions(readFileSync(join(fixtures, file), 'utf8'), languageOf(file)!);
}

/** `name@line` (zero-based, as VS Code positions are) for compact, exact assertions. */
function where(defs: ToolDefinition[]): string[] {
  return defs.map((d) => `${d.name}@${d.line}`);
}

test('SDK server: registerTool and tool calls, never in comments, strings, templates or regexes', () => {
  const defs = find('sdk-server.ts');
  assert.deepEqual(defs, [
    { name: 'after-division', line: 17, column: 22, endLine: 17, kind: 'tool' },
    { name: 'get_forecast', line: 19, column: 0, endLine: 27, kind: 'registerTool' },
    { name: 'echo', line: 29, column: 0, endLine: 31, kind: 'tool' },
    { name: 'chained_on_next_line', line: 33, column: 0, endLine: 34, kind: 'registerTool' },
    { name: 'template_name', line: 36, column: 0, endLine: 36, kind: 'tool' },
  ]);
});

test('low-level server: { name, inputSchema } objects in a tools array and a tools/list handler', () => {
  assert.deepEqual(find('low-level-server.js'), [
    { name: 'list_files', line: 7, column: 2, endLine: 7, kind: 'toolObject' },
    { name: 'read_file', line: 8, column: 2, endLine: 15, kind: 'toolObject' },
    { name: 'shorthand_schema', line: 24, column: 4, endLine: 27, kind: 'toolObject' },
  ]);
});

test('FastMCP-TS: addTool({ name }) wherever the name key sits, not a nested name', () => {
  assert.deepEqual(find('fastmcp-server.ts'), [
    { name: 'add', line: 5, column: 0, endLine: 10, kind: 'addTool' },
    { name: 'greet', line: 12, column: 0, endLine: 18, kind: 'addTool' },
  ]);
});

test('Python FastMCP: decorators with and without parens, named, stacked, multi-line, in a class', () => {
  assert.deepEqual(find('fastmcp_server.py'), [
    { name: 'add', line: 13, column: 0, endLine: 20, kind: 'decorator' },
    { name: 'fetch_weather', line: 23, column: 0, endLine: 32, kind: 'decorator' },
    { name: 'custom-name', line: 34, column: 0, endLine: 36, kind: 'decorator' },
    { name: 'multi_line_decorator', line: 38, column: 0, endLine: 43, kind: 'decorator' },
    { name: 'positional-name', line: 44, column: 0, endLine: 45, kind: 'decorator' },
    { name: 'method_tool', line: 52, column: 4, endLine: 54, kind: 'decorator' },
  ]);
});

test('Python low-level: Tool(name=…) and types.Tool(name=…), not in strings or comments', () => {
  assert.deepEqual(find('lowlevel_server.py'), [
    { name: 'fetch', line: 10, column: 8, endLine: 17, kind: 'toolConstructor' },
    { name: 'sum', line: 18, column: 8, endLine: 18, kind: 'toolConstructor' },
  ]);
});

test('JS edge cases: escapes in names, unterminated strings, stray brackets stay local', () => {
  const text = [
    'server.tool("caf\\u00e9", h);', //                       0
    "const s = 'unterminated", //                             1
    'server.registerTool("still_found", {});', //             2
    'if (a) { b(] }', //                                      3
    "server.tool('after_stray_bracket', h);", //              4
    'const re = a / b / c; server.tool("div", h);', //        5
    'x = y.replace(/\\/\\*/, ""); server.tool("after_regex_with_comment_opener", h);', // 6
    'obj.constructor("not a tool"); obj.toString("nor this");', // 7
  ].join('\n');
  assert.deepEqual(where(findToolDefinitions(text, 'js')), [
    'café@0',
    'still_found@2',
    'after_stray_bracket@4',
    'div@5',
    'after_regex_with_comment_opener@6',
  ]);
});

test('a name held in a string constant: the nearest declaration before the call', () => {
  const text = [
    'server.registerTool(LATER, cfg, h);', //                     0
    'const name = "first";', //                                   1
    'server.registerTool(name, cfg, h);', //                      2
    'function f() {', //                                          3
    '  const name = `second`', //                                 4
    '  server.tool(name, h);', //                                 5
    '}', //                                                       6
    'let unknown = compute(); server.tool(unknown, h);', //      7
    "const LATER = 'hoisted';", //                                8
  ].join('\n');
  assert.deepEqual(where(findToolDefinitions(text, 'ts')), ['hoisted@0', 'first@2', 'second@5']);
});

test('Python edge cases: prefixed strings, f-strings, continuation lines, matrix @', () => {
  const text = [
    'x = f"@mcp.tool() {y}"', //                              0
    'y = rb"""', //                                           1
    '@mcp.tool()', //                                         2
    'def in_bytes(): ..."""', //                              3
    'z = a @ \\', //                                          4
    '    mcp.tool', //                                        5
    '@mcp.tool(', //                                          6
    '    name="from_kw",  # a comment with name="nope"', //   7
    ')', //                                                   8
    'def impl(): return 1', //                                9
    'after = 2', //                                           10
  ].join('\n');
  assert.deepEqual(findToolDefinitions(text, 'py'), [{ name: 'from_kw', line: 6, column: 0, endLine: 9, kind: 'decorator' }]);
});

test('languageOf maps file names to finders', () => {
  assert.equal(languageOf('src/index.ts'), 'ts');
  assert.equal(languageOf('server.mjs'), 'js');
  assert.equal(languageOf('SERVER.PY'), 'py');
  assert.equal(languageOf('README.md'), undefined);
});

test('a 5 000-line file is found completely (time printed, not asserted)', (t) => {
  const ts: string[] = [];
  const py: string[] = [];
  for (let i = 0; i < 500; i++) {
    ts.push(
      `// block ${i}: server.tool("comment_${i}")`,
      `server.registerTool("tool_${i}", {`,
      `  description: \`Tool ${i} \${"}"} with { braces }\`,`,
      `  inputSchema: { n: z.number().min(${i}) },`,
      `}, async ({ n }) => {`,
      `  const re = /["'\`]/g;`,
      `  return { content: [{ type: 'text', text: String(n / 2) }] };`,
      `});`,
      `const s${i} = "server.tool('string_${i}')";`,
      ``,
    );
    py.push(
      `# @mcp.tool() comment ${i}`,
      `@mcp.tool()`,
      `async def tool_${i}(n: int) -> str:`,
      `    """Doc with @mcp.tool() inside."""`,
      `    text = f"{n} ${i}"`,
      `    if n > 1:`,
      `        return text`,
      `    return 'x'`,
      ``,
      ``,
    );
  }
  for (const [language, lines] of [['ts', ts], ['py', py]] as const) {
    const text = lines.join('\n');
    // First run (cold JIT, as on opening a file) and the best of five more (as on each edit;
    // the minimum, because other processes on a shared machine only ever add time).
    const runs: number[] = [];
    let defs: ToolDefinition[] = [];
    for (let run = 0; run < 6; run++) {
      const began = performance.now();
      defs = findToolDefinitions(text, language);
      runs.push(performance.now() - began);
    }
    const warm = Math.min(...runs.slice(1));
    t.diagnostic(`${language}: ${lines.length} lines, ${text.length} chars, ${defs.length} tools: first ${runs[0].toFixed(1)} ms, then ${warm.toFixed(1)} ms`);
    assert.equal(defs.length, 500);
    assert.equal(defs[499].name, 'tool_499');
    assert.equal(defs[499].line, 4991);
  }
});
