import * as vscode from 'vscode';
import { PROBLEMS_SOURCE, STRAY_SOURCE_CODE } from './problems';

export const QUICK_FIX_TITLE = 'Write to stderr instead';

/**
 * "Write to stderr instead" on a line the preload caught writing to stdout: Node's
 * console.log/info/debug become console.error (same formatting, stderr), Python's
 * print(x) becomes print(x, file=sys.stderr), importing sys when the file does not.
 */
export class StrayStdoutFix implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      if (diagnostic.source !== PROBLEMS_SOURCE || diagnostic.code !== STRAY_SOURCE_CODE) continue;
      const edit =
        document.languageId === 'python'
          ? pythonEdit(document, diagnostic.range.start.line)
          : nodeEdit(document, diagnostic.range.start.line);
      if (!edit) continue;
      const action = new vscode.CodeAction(QUICK_FIX_TITLE, vscode.CodeActionKind.QuickFix);
      action.edit = edit;
      action.diagnostics = [diagnostic];
      action.isPreferred = true;
      actions.push(action);
    }
    return actions;
  }
}

function nodeEdit(document: vscode.TextDocument, line: number): vscode.WorkspaceEdit | undefined {
  const text = document.lineAt(line).text;
  const match = /\bconsole\s*\.\s*(log|info|debug)\b(?=\s*\()/.exec(text);
  if (!match) return undefined;
  const start = match.index + match[0].length - match[1].length;
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(line, start, line, start + match[1].length), 'error');
  return edit;
}

function pythonEdit(document: vscode.TextDocument, line: number): vscode.WorkspaceEdit | undefined {
  const text = document.lineAt(line).text;
  const match = /\bprint\s*\(/.exec(text);
  if (!match) return undefined;
  const open = match.index + match[0].length - 1;
  const close = closingParen(text, open);
  if (close === undefined || /\bfile\s*=/.test(text.slice(open, close))) return undefined;
  const empty = text.slice(open + 1, close).trim() === '';
  const edit = new vscode.WorkspaceEdit();
  edit.insert(document.uri, new vscode.Position(line, close), empty ? 'file=sys.stderr' : ', file=sys.stderr');
  const importLine = sysImportLine(document);
  if (importLine !== undefined) edit.insert(document.uri, new vscode.Position(importLine, 0), 'import sys\n');
  return edit;
}

/** The index of the `)` matching the `(` at `open`, skipping string literals; undefined when it is on a later line. */
function closingParen(text: string, open: number): number | undefined {
  let depth = 0;
  let quote: string | undefined;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return undefined;
}

/** Where `import sys` goes (before the first import), or undefined when sys is already imported. */
function sysImportLine(document: vscode.TextDocument): number | undefined {
  let firstImport: number | undefined;
  let afterHeader = 0;
  for (let i = 0; i < document.lineCount; i++) {
    const text = document.lineAt(i).text;
    if (/^\s*import\s+([\w.]+\s*,\s*)*sys\b/.test(text) || /^\s*import\s+sys\s+as\b/.test(text)) return undefined;
    if (firstImport === undefined && /^(import|from)\s/.test(text) && !/^from\s+__future__\s/.test(text)) firstImport = i;
    if (i === afterHeader && (/^\s*#/.test(text) || /^from\s+__future__\s/.test(text))) afterHeader = i + 1;
  }
  return firstImport ?? afterHeader;
}
