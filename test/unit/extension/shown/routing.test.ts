import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every VS Code API that renders a message, a pick, an input box, a tree row, a lens, a
 * status message or Markdown is called only inside src/extension/shown, whose functions
 * accept nothing but rendered `Text`. A new direct call anywhere else fails here.
 */
const ROOT = join(import.meta.dirname, '../../../..');
const SHOWN = join(ROOT, 'src/extension/shown');

const RENDERING_APIS: [RegExp, string][] = [
  [/\bshow(Information|Warning|Error)Message\s*\(/, 'a notification'],
  [/\bshowQuickPick\s*\(|\bcreateQuickPick\s*\(/, 'a quick pick'],
  [/\bshowInputBox\s*\(|\bcreateInputBox\s*\(/, 'an input box'],
  [/\bshowWorkspaceFolderPick\s*\(/, 'a folder pick'],
  [/\bsetStatusBarMessage\s*\(/, 'a status bar message'],
  [/\bnew\s+vscode\.MarkdownString\b|\.appendMarkdown\s*\(/, 'Markdown'],
  [/\bnew\s+vscode\.Diagnostic\s*\(/, 'a problem'],
  [/\bnew\s+vscode\.TreeItem\s*\(/, 'a tree row'],
  [/\bnew\s+vscode\.CodeLens\s*\([^)]*,/, 'a code lens with a title'],
  [/\.(tooltip|description|message)\s*=(?!=)/, 'a tooltip, description, view or problem message'],
  [/\bvalidateInput\s*:/, 'a validation message'],
  [/\bcreateTestItem\s*\(/, 'a Test Explorer row'],
  [/\bnew\s+vscode\.TestMessage\s*\(|\bTestMessage\.diff\s*\(/, 'a test failure message'],
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

export function violations(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (/^\s*(\/\/|\*)/.test(line)) return;
    for (const [pattern, what] of RENDERING_APIS) if (pattern.test(line)) found.push(`${relative(ROOT, file)}:${i + 1} renders ${what} without src/extension/shown: ${line.trim()}`);
  });
  return found;
}

test('no message-rendering VS Code API is called outside src/extension/shown', () => {
  const files = sources(join(ROOT, 'src/extension')).filter((f) => !f.startsWith(SHOWN));
  const found = files.flatMap((f) => violations(f, readFileSync(f, 'utf8')));
  assert.deepEqual(found, []);
});

test('the scan catches a direct call (it is not vacuous)', () => {
  const sample = [
    'void vscode.window.showErrorMessage(`MCP Lens: ${error.message}`);',
    'const picked = await vscode.window.showQuickPick(items);',
    'item.tooltip = server.description;',
    'const md = new vscode.MarkdownString(text);',
    'collection.set(uri, [new vscode.Diagnostic(range, d.message)]);',
    'return new vscode.TreeItem(tool.name);',
    '  validateInput: (v) => pattern,',
    'const item = controller.createTestItem(id, test.name, uri);',
    'run.failed(item, vscode.TestMessage.diff(failure.message, a, b));',
  ].join('\n');
  assert.equal(violations(join(ROOT, 'src/extension/x.ts'), sample).length, 9);
});

test('the language server builds hover Markdown only from escaped parts', () => {
  const files = sources(join(ROOT, 'src/languageServer'));
  const found: string[] = [];
  for (const file of files) {
    readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      if (/kind:\s*['"]markdown['"]/.test(line) && !/toMarkup\(/.test(line)) found.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
      if (/\bourMarkdown\(\s*`[^`]*\$\{/.test(line)) found.push(`${relative(ROOT, file)}:${i + 1} passes an interpolated template to ourMarkdown: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, []);
});
