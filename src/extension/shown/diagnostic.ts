import * as vscode from 'vscode';
import { render, type Text } from './text';

/** A Problems entry: its message is drawn as text, with what hides written out and a bound on its length. */
export function diagnostic(range: vscode.Range, message: Text, severity: vscode.DiagnosticSeverity): vscode.Diagnostic {
  return new vscode.Diagnostic(range, render(message, 'problem'), severity);
}

export function setDiagnosticMessage(target: vscode.Diagnostic, message: Text): void {
  target.message = render(message, 'problem');
}
