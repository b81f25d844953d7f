import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { Diagnostic } from '../../core/diagnose/diagnostic';
import { Disposable } from '../lifecycle';
import { sourceFrame } from '../messages/present';
import { diagnostic as makeDiagnostic, SafeMarkdown, say, setDiagnosticMessage } from '../shown';
import type { ServerRegistry } from '../serverRegistry';
import type { LiveSession } from './liveSession';
import type { Sessions } from './sessions';

/** The Diagnostic.code of a stray write at its source line; the quick fix looks for it. */
export const STRAY_SOURCE_CODE = 'stray-stdout';
export const PROBLEMS_SOURCE = 'MCP Lens';

const SEVERITY: Record<Diagnostic['severity'], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

/** Rebuilds at most this often while a server floods. */
const UPDATE_MS = 200;

/**
 * Every diagnostic of every server's latest run in the Problems panel: at the server's entry
 * in its config file, except a stray stdout write the preload traced, which goes to the line
 * of the user's source that wrote it (that line gets the squiggle and the quick fix).
 * The entry says what happened in a few words; how to fix it is in the hover over the squiggle.
 */
export class ProblemsBridge extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('mcpLens.servers'));
  private readonly dirty = new Set<string>();
  private readonly byServer = new Map<string, Map<string, vscode.Diagnostic[]>>();
  /** Each entry's hint, shown by the hover over its range. */
  private readonly hints = new WeakMap<vscode.Diagnostic, string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly registry: ServerRegistry,
    private readonly sessions: Sessions,
  ) {
    super();
    this.register(sessions.onDidChangeDiagnostics((s) => this.schedule(s.serverKey)));
    this.register({ dispose: () => clearTimeout(this.timer) });
    this.register(
      vscode.languages.registerHoverProvider(
        { scheme: 'file' },
        { provideHover: (document, position) => this.hover(document.uri, position) },
      ),
    );
  }

  private hover(uri: vscode.Uri, position: vscode.Position): vscode.Hover | undefined {
    const hints = (this.collection.get(uri) ?? [])
      .filter((d) => d.range.contains(position))
      .map((d) => this.hints.get(d))
      .filter((h) => h !== undefined);
    if (hints.length === 0) return undefined;
    const md = new SafeMarkdown();
    for (const hint of new Set(hints)) md.line(say`MCP Lens — how to fix: ${hint}`);
    return new vscode.Hover(md.build());
  }

  private schedule(key: string): void {
    this.dirty.add(key);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.update();
    }, UPDATE_MS);
  }

  /** Applies pending changes now (tests and reveal call it rather than wait). */
  update(): void {
    for (const key of this.dirty) {
      const session = this.sessions.get(key);
      if (session) this.byServer.set(key, this.build(session));
      else this.byServer.delete(key);
    }
    this.dirty.clear();
    const merged = new Map<string, vscode.Diagnostic[]>();
    for (const files of this.byServer.values()) {
      for (const [uri, list] of files) merged.set(uri, [...(merged.get(uri) ?? []), ...list]);
    }
    this.collection.clear();
    for (const [uri, list] of merged) this.collection.set(vscode.Uri.parse(uri), list);
  }

  private build(session: LiveSession): Map<string, vscode.Diagnostic[]> {
    const files = new Map<string, vscode.Diagnostic[]>();
    const add = (uri: vscode.Uri, d: vscode.Diagnostic) => files.set(uri.toString(), [...(files.get(uri.toString()) ?? []), d]);
    const entry = this.registry.get(session.serverKey);
    const configLine = Math.max(0, (entry?.config.line ?? 1) - 1);
    const configUri = entry ? vscode.Uri.file(entry.config.file.path) : undefined;
    // One squiggle per source line, however many times it wrote.
    const atSource = new Map<string, { d: vscode.Diagnostic; count: number }>();

    for (const d of session.diagnostics) {
      const source = d.rule === 'stray-stdout' ? session.messages.sourceOf(d.evidence[0]) : undefined;
      const frame = source && sourceFrame(source);
      if (frame && fs.existsSync(frame.file)) {
        const key = `${frame.file}:${frame.line}`;
        const seen = atSource.get(key);
        if (seen) {
          seen.count += 1;
          setDiagnosticMessage(
            seen.d,
            say`${session.serverName}: ${seen.count} stray stdout writes, last ${JSON.stringify(String(source.info?.text ?? ''))}`,
          );
          continue;
        }
        const diagnostic = makeDiagnostic(
          lineRange(frame.file, frame.line),
          say`${session.serverName}: stray stdout write ${JSON.stringify(String(source.info?.text ?? ''))}`,
          SEVERITY[d.severity],
        );
        this.hints.set(diagnostic, d.hint);
        diagnostic.source = PROBLEMS_SOURCE;
        diagnostic.code = STRAY_SOURCE_CODE;
        if (configUri)
          diagnostic.relatedInformation = [
            new vscode.DiagnosticRelatedInformation(
              new vscode.Location(configUri, new vscode.Position(configLine, 0)),
              `server "${session.serverName}"`,
            ),
          ];
        atSource.set(key, { d: diagnostic, count: 1 });
        add(vscode.Uri.file(frame.file), diagnostic);
        continue;
      }
      if (!configUri) continue;
      const diagnostic = makeDiagnostic(
        new vscode.Range(configLine, 0, configLine, 1000),
        say`${session.serverName}: ${d.message}`,
        SEVERITY[d.severity],
      );
      this.hints.set(diagnostic, d.hint);
      diagnostic.source = PROBLEMS_SOURCE;
      diagnostic.code = d.rule;
      add(configUri, diagnostic);
    }
    return files;
  }
}

/** The written line from its first to its last non-blank character. */
function lineRange(file: string, line: number): vscode.Range {
  const index = Math.max(0, line - 1);
  try {
    const text = fs.readFileSync(file, 'utf8').split('\n')[index] ?? '';
    const start = text.length - text.trimStart().length;
    const end = text.trimEnd().length;
    if (end > start) return new vscode.Range(index, start, index, end);
  } catch {
    // Unreadable now: mark the whole line.
  }
  return new vscode.Range(index, 0, index, 1000);
}
