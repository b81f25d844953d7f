/**
 * Fuzz findings as regression tests (#14's *.mcptest.json): each shrunk input becomes a saved
 * call that expects what the fixed server should do — refuse an input its schema rejects
 * (an isError answer), answer a valid one — with no warning or error raised by the call. The
 * test fails today, and passes once the fault is fixed. A finding already saved (same tool,
 * same arguments) is not added twice. A wrong multi-round-trip retry (input-retry-accepted)
 * is not a call a test file can replay: it is left out.
 */
import { applyEdits, modify, parse } from 'jsonc-parser';
import { compareJson } from '../testing/jsonMatch';
import { parseTestFile } from '../testing/testFile';
import type { FuzzFinding } from './fuzzRun';

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

export interface SavedFindings {
  text: string;
  added: string[];
}

/**
 * The server of a new file: a name from the MCP config files (the editor), or a command and
 * where it runs, relative to the test file's folder (the CLI).
 */
export type SavedServer = { server: string } | { command: string[]; cwd?: string };

export function saveFindings(
  existing: string | undefined,
  path: string,
  server: SavedServer,
  findings: readonly FuzzFinding[],
): SavedFindings {
  const head =
    'server' in server
      ? { server: server.server }
      : { command: server.command, ...(server.cwd && server.cwd !== '.' ? { cwd: server.cwd } : {}) };
  let text = existing?.trim() ? existing : `${JSON.stringify({ ...head, tests: [] }, null, 2)}\n`;
  const added: string[] = [];
  for (const finding of findings) {
    if (finding.rule === 'input-retry-accepted') continue;
    const file = parseTestFile(path, text);
    if (file.tests.some((t) => t.tool === finding.tool && compareJson(t.arguments, finding.args, 'equal').length === 0)) continue;
    const taken = new Set(file.tests.map((t) => t.name));
    const base = `fuzz ${finding.tool}: ${finding.rule}`;
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base} ${n}`;
    const test = {
      name,
      tool: finding.tool,
      arguments: finding.args,
      expect: { ...(finding.valid ? {} : { isError: true }), noDiagnostics: 'warning' },
    };
    const raw = parse(text, [], { allowTrailingComma: true }) as { tests?: unknown } | undefined;
    text = Array.isArray(raw?.tests)
      ? applyEdits(text, modify(text, ['tests', raw.tests.length], test, { ...FORMAT, isArrayInsertion: true }))
      : applyEdits(text, modify(text, ['tests'], [test], FORMAT));
    added.push(name);
  }
  return { text, added };
}
