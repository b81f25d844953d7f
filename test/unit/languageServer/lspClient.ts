// A tiny LSP client for tests: builds the language server bundle, starts it as a real child
// process over stdio and speaks the protocol with vscode-languageserver-protocol.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import {
  LogMessageNotification,
  PublishDiagnosticsNotification,
  type CodeLens,
  type Diagnostic,
  type DocumentSymbol,
  type FoldingRange,
  type Hover,
  type InitializeResult,
  type Location,
  type PublishDiagnosticsParams,
  type Range,
} from 'vscode-languageserver-protocol';
import { bundleForNode } from '../bundle';

const ROOT = resolve(import.meta.dirname, '../../..');
export const TRACES = join(ROOT, 'test/fixtures/traces');

let bundle: Promise<string> | undefined;

/** Bundles src/languageServer/server.ts with the options esbuild.config.mjs uses, once per test process. */
export function buildServer(): Promise<string> {
  bundle ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-ls-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const outfile = join(dir, 'languageServer.js');
    await bundleForNode('src/languageServer/server.ts', outfile);
    return outfile;
  })();
  return bundle;
}

export class TraceServer {
  private readonly published = new Map<string, PublishDiagnosticsParams>();
  private readonly waiters = new Set<() => void>();
  readonly logs: string[] = [];
  private version = 1;

  private constructor(
    private readonly child: ChildProcess,
    readonly connection: ProtocolConnection,
    readonly capabilities: InitializeResult['capabilities'],
  ) {}

  static async start(initializationOptions: Record<string, unknown> = {}): Promise<TraceServer> {
    const child = spawn(process.execPath, [await buildServer(), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    connection.listen();
    let server: TraceServer | undefined;
    const pending: PublishDiagnosticsParams[] = [];
    connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      if (server) server.receive(params);
      else pending.push(params);
    });
    const logs: string[] = [];
    connection.onNotification(LogMessageNotification.type, (params) => {
      logs.push(params.message);
    });
    const result: InitializeResult = await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: { textDocument: { documentSymbol: { hierarchicalDocumentSymbolSupport: true } } },
      initializationOptions,
    });
    await connection.sendNotification('initialized', {});
    server = new TraceServer(child, connection, result.capabilities);
    server.logs.push(...logs);
    connection.onNotification(LogMessageNotification.type, (params) => {
      server!.logs.push(params.message);
    });
    pending.forEach((params) => server!.receive(params));
    return server;
  }

  private receive(params: PublishDiagnosticsParams): void {
    this.published.set(params.uri, params);
    for (const wake of [...this.waiters]) wake();
  }

  /** Opens a fixture (or any text under a made-up uri) and returns its uri. */
  async open(name: string, text = readFileSync(join(TRACES, name), 'utf8')): Promise<string> {
    const uri = pathToFileURL(join(TRACES, name)).href;
    await this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'mcp-trace', version: this.version, text },
    });
    return uri;
  }

  async change(uri: string, version: number, text: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ text }],
    });
  }

  /** An incremental edit, as VS Code sends it: replaces one range. */
  async edit(uri: string, version: number, range: Range, text: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ range, text }],
    });
  }

  /** The diagnostics published for uri (at least `version`), waiting up to `timeoutMs` for them. */
  diagnostics(uri: string, version = 1, timeoutMs = 10_000): Promise<Diagnostic[]> {
    return new Promise((resolvePromise, reject) => {
      const check = () => {
        const params = this.published.get(uri);
        if (params && (params.version ?? 0) >= version) {
          this.waiters.delete(check);
          clearTimeout(timer);
          resolvePromise(params.diagnostics);
        }
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no diagnostics for ${uri} v${version} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  hover(uri: string, line: number, character: number): Promise<Hover | null> {
    return this.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line, character } });
  }
  symbols(uri: string): Promise<DocumentSymbol[]> {
    return this.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri } });
  }
  folding(uri: string): Promise<FoldingRange[]> {
    return this.connection.sendRequest('textDocument/foldingRange', { textDocument: { uri } });
  }
  definition(uri: string, line: number, character = 0): Promise<Location[] | null> {
    return this.connection.sendRequest('textDocument/definition', { textDocument: { uri }, position: { line, character } });
  }
  codeLenses(uri: string): Promise<CodeLens[]> {
    return this.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } });
  }
  resolveCodeLens(lens: CodeLens): Promise<CodeLens> {
    return this.connection.sendRequest('codeLens/resolve', lens);
  }

  async stop(): Promise<void> {
    const exited = new Promise((r) => this.child.once('exit', r));
    await this.connection.sendRequest('shutdown');
    await this.connection.sendNotification('exit');
    await exited;
    this.connection.dispose();
  }
}

/** The character where `needle` starts on a line of a fixture. */
export function columnOf(text: string, line: number, needle: string): number {
  const column = text.split('\n')[line].indexOf(needle);
  if (column < 0) throw new Error(`"${needle}" not on line ${line}`);
  return column;
}

export function hoverText(hover: Hover | null): string {
  if (!hover) return '';
  const contents = hover.contents;
  return typeof contents === 'object' && 'value' in contents ? contents.value : JSON.stringify(contents);
}
