import { codeLens, name, say } from '../shown';
import * as vscode from 'vscode';
import { findToolDefinitions, languageOf } from '../../core/source/findTools';
import { Disposable } from '../lifecycle';
import type { ServerEntry } from '../serverEntry';
import type { ServerRegistry } from '../serverRegistry';
import { isTrusted } from '../trust';
import { outcomeLabel, outcomeSentence } from './outcome';
import { serversForFile } from './serverMatch';
import type { ToolRunner } from './toolRunner';

export const SOURCE_SELECTOR: vscode.DocumentSelector = [
  { scheme: 'file', language: 'typescript' },
  { scheme: 'file', language: 'typescriptreact' },
  { scheme: 'file', language: 'javascript' },
  { scheme: 'file', language: 'javascriptreact' },
  { scheme: 'file', language: 'python' },
];

/** A tool's definition in a server's source, once per server that runs the file. */
export interface ToolSite {
  entry: ServerEntry;
  tool: string;
  range: vscode.Range;
  /** Several servers run this file: each lens names its server. */
  nameServer: boolean;
}

/** Where the servers that run this document define their tools (none in an untrusted workspace). */
export function toolSites(document: vscode.TextDocument, registry: ServerRegistry): ToolSite[] {
  const language = languageOf(document.fileName);
  if (!language || !isTrusted()) return [];
  const matches = serversForFile(
    document.uri.fsPath,
    registry.servers.map((s) => s.config),
  );
  if (matches.length === 0) return [];
  // Several servers run this file: the strongest matches only.
  const top = matches.filter((m) => m.strength === matches[0].strength);
  const entries = top.map((m) => registry.get(m.key)).filter((e): e is ServerEntry => e !== undefined);
  return findToolDefinitions(document.getText(), language).flatMap((definition) => {
    const range = new vscode.Range(definition.line, definition.column, definition.line, definition.column);
    return entries.map((entry) => ({ entry, tool: definition.name, range, nameServer: entries.length > 1 }));
  });
}

/** Lens refreshes wait this long after the last keystroke. */
const EDIT_DEBOUNCE_MS = 300;

/** Calls `refresh` once a server source's edits pause (its tool definitions may have moved). */
function onSourceEdited(refresh: () => void): vscode.Disposable {
  let timer: NodeJS.Timeout | undefined;
  const edits = vscode.workspace.onDidChangeTextDocument((e) => {
    if (!languageOf(e.document.fileName)) return;
    clearTimeout(timer);
    timer = setTimeout(refresh, EDIT_DEBOUNCE_MS);
  });
  return { dispose: () => (clearTimeout(timer), edits.dispose()) };
}

/** Lenses over the tool definitions in servers' source, drawn again when the servers or the source change. */
export abstract class SourceLensProvider extends Disposable implements vscode.CodeLensProvider {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(protected readonly registry: ServerRegistry) {
    super();
    this.register(vscode.languages.registerCodeLensProvider(SOURCE_SELECTOR, this));
    this.register(registry.onDidChange(() => this.refresh()));
    this.register(onSourceEdited(() => this.refresh()));
  }

  protected refresh(): void {
    this.changed.fire();
  }

  abstract provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[];
}

/**
 * `▶ Run tool` over every tool definition in a server's source, the last outcome beside it,
 * and a warning over a tool the running server does not list.
 */
export class ToolLensProvider extends SourceLensProvider {
  constructor(
    registry: ServerRegistry,
    private readonly runner: ToolRunner,
  ) {
    super(registry);
    this.register(runner.onDidRun(() => this.refresh()));
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    return toolSites(document, this.registry).flatMap((site) => this.lensesFor(site.entry, site.tool, site.range, site.nameServer));
  }

  private lensesFor(entry: ServerEntry, tool: string, range: vscode.Range, nameServer: boolean): vscode.CodeLens[] {
    const suffix = nameServer ? ` (${entry.name})` : '';
    const listed =
      entry.state.kind === 'running' && entry.lists.tools && 'items' in entry.lists.tools ? entry.lists.tools.items : undefined;
    if (listed && !listed.some((t) => t.name === tool)) {
      return [
        codeLens(
          range,
          say`⚠ not in tools/list (registration failed, or restart the server)${suffix}`,
          say`"${entry.name}" is running but its tools/list has no "${name(tool)}": the registration threw or was skipped, or the server runs older code. Restart it to load this file again.`,
          'mcpLens.restartServer',
          [entry.key],
        ),
      ];
    }
    const lenses = [
      codeLens(
        range,
        say`▶ Run tool${suffix}`,
        entry.state.kind === 'running'
          ? say`Open the form for "${name(tool)}" on "${entry.name}"`
          : say`Start "${entry.name}" and open the form for "${name(tool)}"`,
        'mcpLens.runTool',
        [{ server: entry.key, tool }],
      ),
      codeLens(
        range,
        say`Fuzz${suffix}`,
        say`Call "${name(tool)}" with inputs drawn from its inputSchema, in a separate "${entry.name}" process, and report crashes, hangs and broken contracts`,
        'mcpLens.fuzzTool',
        [{ server: entry.key, tool }],
      ),
    ];
    const last = this.runner.last(entry.key, tool);
    if (last) {
      lenses.push(
        codeLens(range, say`${outcomeLabel(last)}`, say`${outcomeSentence(last)}`, 'mcpLens.runTool', [{ server: entry.key, tool }]),
      );
    }
    return lenses;
  }
}
