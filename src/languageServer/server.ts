// The language server for MCP trace files (DESIGN.md §5.6). The extension starts it over
// IPC; tests start it with --stdio. createConnection() reads the transport from argv.
import { createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Analysis } from './analysis';
import { codeLenses, resolveCodeLens } from './codeLens';
import { definition } from './definition';
import { toLspDiagnostics } from './diagnostics';
import { AnalysisCache } from './documents';
import { foldingRanges } from './folding';
import { hover } from './hover';
import { documentSymbols } from './symbols';

/** What the client tells the server when it starts it. */
interface InitializationOptions {
  /** The client registered `mcpLens.replayRequest`, so a "Replay" lens can run. */
  replay?: boolean;
}

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
const cache = new AnalysisCache((document, analysis) => {
  const { parse, diagnose, cpu } = analysis.timing;
  connection.console.log(
    `analysed ${document.uri} v${document.version}: ${analysis.lineCount} lines, ${analysis.located.length} events, ` +
      `${analysis.diagnostics.length} diagnostics; read ${Math.round(parse)} ms, rules ${Math.round(diagnose)} ms, cpu ${Math.round(cpu)} ms`,
  );
  void connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics: toLspDiagnostics(analysis, document.uri) });
});

connection.onInitialize((params) => {
  const options = (params.initializationOptions ?? {}) as InitializationOptions;
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      hoverProvider: true,
      documentSymbolProvider: { label: 'MCP exchanges' },
      foldingRangeProvider: true,
      definitionProvider: true,
      ...(options.replay === true ? { codeLensProvider: { resolveProvider: true } } : {}),
    },
    serverInfo: { name: 'mcp-lens-trace' },
  };
});

// Opening analyses at once; edits wait until typing pauses.
documents.onDidOpen(({ document }) => cache.get(document));
documents.onDidChangeContent(({ document }) => cache.schedule(document, () => documents.get(document.uri)));
documents.onDidClose(({ document }) => {
  cache.forget(document.uri);
  void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
});

/** A request handler that runs on the analysis of the document's current version. */
const withAnalysis =
  <P extends { textDocument: { uri: string } }, R>(run: (analysis: Analysis, params: P) => R, empty: R) =>
  (params: P): R => {
    const document = documents.get(params.textDocument.uri);
    return document ? run(cache.get(document), params) : empty;
  };

connection.onHover(withAnalysis((analysis, params) => hover(analysis, params.position), null));
connection.onDocumentSymbol(withAnalysis((analysis) => documentSymbols(analysis), []));
connection.onFoldingRanges(withAnalysis((analysis) => foldingRanges(analysis), []));
connection.onDefinition(withAnalysis((analysis, params) => definition(analysis, params.textDocument.uri, params.position), null));
connection.onCodeLens(withAnalysis((analysis, params) => codeLenses(analysis, params.textDocument.uri), []));
connection.onCodeLensResolve((lens) => {
  const document = documents.get((lens.data as { uri: string }).uri);
  return document ? resolveCodeLens(cache.get(document), lens) : lens;
});

documents.listen(connection);
connection.listen();
