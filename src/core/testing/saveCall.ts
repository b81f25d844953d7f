/**
 * "Save as test": a call that was just made goes into a server's test file with its result as
 * the snapshot. The same tool with the same arguments updates that test instead of adding one.
 */
import { applyEdits, modify, parse } from 'jsonc-parser';
import { compareJson, withoutMeta } from './jsonMatch';
import { parseTestFile } from './testFile';

export interface CallToSave {
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
  result: Record<string, unknown>;
}

export interface SavedAs {
  text: string;
  name: string;
  /** Whether an existing test was updated (same tool and arguments) rather than added. */
  updated: boolean;
  /** 1-based line of the test in the new text. */
  line: number;
}

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

export function saveCall(existing: string | undefined, path: string, call: CallToSave): SavedAs {
  const text = existing?.trim() ? existing : `${JSON.stringify({ server: call.server, tests: [] }, null, 2)}\n`;
  const file = parseTestFile(path, text);
  const expect = { isError: call.result.isError === true, snapshot: withoutMeta(call.result) };
  const same = file.tests.find((t) => t.tool === call.tool && compareJson(t.arguments, call.arguments, 'equal').length === 0);
  if (same) {
    const out = applyEdits(text, modify(text, ['tests', same.index, 'expect'], { ...same.expect, ...expect }, FORMAT));
    return { text: out, name: same.name, updated: true, line: lineOf(out, path, same.name) };
  }
  const taken = new Set(file.tests.map((t) => t.name));
  let name = call.tool;
  for (let n = 2; taken.has(name); n++) name = `${call.tool} ${n}`;
  const test = { name, tool: call.tool, arguments: call.arguments, expect };
  const raw = parse(text, [], { allowTrailingComma: true }) as { tests?: unknown } | undefined;
  // Appended after every entry as written, broken ones included.
  const out = Array.isArray(raw?.tests)
    ? applyEdits(text, modify(text, ['tests', raw.tests.length], test, { ...FORMAT, isArrayInsertion: true }))
    : applyEdits(text, modify(text, ['tests'], [test], FORMAT));
  return { text: out, name, updated: false, line: lineOf(out, path, name) };
}

function lineOf(text: string, path: string, name: string): number {
  return parseTestFile(path, text).tests.find((t) => t.name === name)?.line ?? 1;
}
