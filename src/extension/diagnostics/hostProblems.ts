import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { hostFindings, type HostFinding } from '../../core/hosts/hostLint';
import { hostProfile, type HostProfile } from '../../core/hosts/hostProfiles';
import { findToolDefinitions, languageOf } from '../../core/source/findTools';
import { Disposable } from '../lifecycle';
import type { ServerEntry } from '../serverEntry';
import type { ServerRegistry } from '../serverRegistry';
import { diagnostic, SafeMarkdown, say } from '../shown';
import { argumentFiles, serversForFile } from '../tools/serverMatch';
import { PROBLEMS_SOURCE } from './problems';

export const HOSTS_SETTING = 'lint.hosts';

/**
 * The host compatibility rules (`mcp-lens lint --host`) over each running server's tools/list,
 * for the hosts `mcpLens.lint.hosts` names: a finding about one tool sits on that tool's
 * definition in the server's source (the files its command line names, and open files that
 * belong to it), else on the server's entry in its config file. The fix and the host's page
 * are in the hover.
 */
export class HostProblems extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('mcpLens.hosts'));
  private readonly hints = new WeakMap<vscode.Diagnostic, HostFinding>();

  constructor(private readonly registry: ServerRegistry) {
    super();
    this.register(registry.onDidChange(() => this.update()));
    this.register(vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(`mcpLens.${HOSTS_SETTING}`) && this.update()));
    this.register(vscode.workspace.onDidOpenTextDocument(() => this.update()));
    this.register(vscode.workspace.onDidSaveTextDocument(() => this.update()));
    this.register(
      vscode.languages.registerHoverProvider(
        { scheme: 'file' },
        { provideHover: (document, position) => this.hover(document.uri, position) },
      ),
    );
    this.update();
  }

  private hosts(): HostProfile[] {
    const ids = vscode.workspace.getConfiguration('mcpLens').get<string[]>(HOSTS_SETTING, []);
    return ids.map((id) => hostProfile(id)).filter((h) => h !== undefined);
  }

  /** Rebuilds every entry (tests call it rather than wait). */
  update(): void {
    const hosts = this.hosts();
    const files = new Map<string, vscode.Diagnostic[]>();
    const add = (file: string, d: vscode.Diagnostic) => files.set(file, [...(files.get(file) ?? []), d]);
    if (hosts.length > 0) {
      for (const entry of this.registry.servers) {
        const list = entry.state.kind === 'running' ? entry.lists.tools : undefined;
        if (!list || !('items' in list)) continue;
        const definitions = this.definitions(entry);
        for (const finding of hostFindings(list.items, hosts)) {
          const at = (finding.tool !== undefined && definitions.get(finding.tool)) || {
            file: entry.config.file.path,
            range: configRange(entry),
          };
          const d = diagnostic(
            at.range,
            say`${entry.name}: ${finding.message} [${finding.host}]`,
            finding.effect === 'rejects' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information,
          );
          d.source = PROBLEMS_SOURCE;
          d.code = finding.rule;
          this.hints.set(d, finding);
          add(at.file, d);
        }
      }
    }
    this.collection.clear();
    for (const [file, list] of files) this.collection.set(vscode.Uri.file(file), list);
  }

  /** Where each tool of this server is defined: first the files its command names, then open files of it. */
  private definitions(entry: ServerEntry): Map<string, { file: string; range: vscode.Range }> {
    const open = vscode.workspace.textDocuments
      .filter((d) => d.uri.scheme === 'file' && serversForFile(d.uri.fsPath, [entry.config]).length > 0)
      .map((d) => d.uri.fsPath);
    const found = new Map<string, { file: string; range: vscode.Range }>();
    for (const file of new Set([...argumentFiles(entry.config), ...open])) {
      const language = languageOf(file);
      if (!language) continue;
      for (const d of findToolDefinitions(sourceText(file), language)) {
        if (!found.has(d.name)) found.set(d.name, { file, range: new vscode.Range(d.line, d.column, d.line, 1000) });
      }
    }
    return found;
  }

  private hover(uri: vscode.Uri, position: vscode.Position): vscode.Hover | undefined {
    const findings = (this.collection.get(uri) ?? [])
      .filter((d) => d.range.contains(position))
      .map((d) => this.hints.get(d))
      .filter((f) => f !== undefined);
    if (findings.length === 0) return undefined;
    const md = new SafeMarkdown();
    for (const f of findings) md.line(say`MCP Lens — ${f.rule} [${f.host}]: ${f.fix}`).line(say`Documented at: ${f.source}`);
    return new vscode.Hover(md.build());
  }
}

/** The open editor's text when there is one (unsaved edits count), else the file on disk. */
function sourceText(file: string): string {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === file);
  if (open) return open.getText();
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return ''; // deleted or unreadable since it was listed: nothing in it to point at
  }
}

function configRange(entry: ServerEntry): vscode.Range {
  const line = Math.max(0, (entry.config.line ?? 1) - 1);
  return new vscode.Range(line, 0, line, 1000);
}
