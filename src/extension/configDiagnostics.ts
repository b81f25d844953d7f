import { diagnostic as makeDiagnostic, say } from './shown';
import * as vscode from 'vscode';
import { Disposable } from './lifecycle';
import type { ServerRegistry } from './serverRegistry';

/** Config problems in the Problems panel and as squiggles in the config file itself. */
export class ConfigDiagnostics extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('mcpLens.config'));

  constructor(private readonly registry: ServerRegistry) {
    super();
    this.register(registry.onDidChange((entry) => entry === undefined && this.update()));
    this.update();
  }

  private update(): void {
    this.collection.clear();
    const byFile = new Map<string, vscode.Diagnostic[]>();
    for (const p of this.registry.problems) {
      const line = Math.max(0, (p.line ?? 1) - 1);
      const column = Math.max(0, (p.column ?? 1) - 1);
      const where = [p.server && `server "${p.server}"`, p.field && `field "${p.field}"`].filter(Boolean).join(', ');
      const diagnostic = makeDiagnostic(
        new vscode.Range(line, column, line, column + 1),
        where ? say`${where}: ${p.message}` : say`${p.message}`,
        p.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
      );
      diagnostic.source = 'MCP Lens';
      const list = byFile.get(p.file) ?? [];
      list.push(diagnostic);
      byFile.set(p.file, list);
    }
    for (const [file, diagnostics] of byFile) this.collection.set(vscode.Uri.file(file), diagnostics);
  }
}
