import * as vscode from 'vscode';
import type { AppBridge, McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/client';
import { appCsp, type AppCsp } from '../../core/apps/appCsp';
import { openServerLink } from '../shown/openLink';
import type { Log } from '../log';
import type { ServerEntry } from '../serverEntry';
import type { ToolRunner } from '../tools/toolRunner';
import type { CallOutcome } from '../tools/protocol';
import { appDocumentOf, type AppDocument } from './appResource';
import { requireBridge } from './bridgeLoad';
import { WebviewTransport } from './webviewTransport';
import { CSP_VIOLATION_METHOD, laneLabel } from './lane';
import { ignoreUnsent } from '../../core/util/ignored';

/** How long an app has, once given its HTML, to complete ui/initialize (diagnostic app-not-initialized). */
export const APP_INIT_TIMEOUT_MS = 15_000;

export interface AppHostDeps {
  entry: ServerEntry;
  runner: ToolRunner;
  log: Log;
  version: string;
  /** To the webview: a message for the app's frame. */
  toFrame: (message: JSONRPCMessage) => void;
  /** The height the app asked for (ui/notifications/size-changed). */
  resize: (height: number) => void;
  /** Whether the panel is shown: a hidden webview loses the app's frame (it is drawn again, with a fresh host, when shown). */
  visible: () => boolean;
}

/** Read once per app; the sandbox proxy asks for the document when its frame is ready. */
export type LoadedApp = { uri: string; document: AppDocument; csp: AppCsp } | { uri: string; problem: string };

/** Reads the tool's UI resource from the server (resources/read) and checks it. */
export async function loadApp(entry: ServerEntry, uri: string): Promise<LoadedApp> {
  if (!entry.client) return { uri, problem: `"${entry.name}" is not running` };
  const listed =
    entry.lists.resources && 'items' in entry.lists.resources ? entry.lists.resources.items.find((r) => r.uri === uri) : undefined;
  try {
    const read = await entry.client.request('resources/read', { uri });
    const document = appDocumentOf(read, listed);
    return 'problem' in document ? { uri, problem: document.problem } : { uri, document, csp: appCsp(document.csp) };
  } catch (error) {
    return { uri, problem: `resources/read failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * The host side of one rendered MCP App, through the official AppBridge: the app's frame
 * initialises against it, gets the tool input and result, and its requests (tools/call and
 * resources on the same server, open a link after the user agrees, a message for the chat)
 * are answered here. Every message goes into the server's trace as the app lane.
 */
export class AppHost implements vscode.Disposable {
  private readonly transport: WebviewTransport;
  private readonly bridge: AppBridge;
  private initialized = false;
  private input: Record<string, unknown> | undefined;
  private result: CallToolResult | undefined;
  private disposed = false;
  private initTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: AppHostDeps,
    readonly app: Extract<LoadedApp, { document: AppDocument }>,
  ) {
    this.transport = new WebviewTransport(deps.toFrame, (message, toApp) => this.record(message, toApp));
    this.bridge = new (requireBridge().AppBridge)(
      null,
      { name: 'MCP Lens', version: deps.version },
      { openLinks: {}, serverTools: {}, serverResources: {}, logging: {}, message: { text: {} }, sandbox: { csp: app.csp.domains } },
      { hostContext: hostContext() },
    );
    this.answer();
  }

  async connect(): Promise<void> {
    await this.bridge.connect(this.transport);
  }

  /** A message the webview relayed from the app's sandbox proxy frame. */
  receive(message: unknown): void {
    const m = message as { method?: unknown; params?: { directive?: unknown; blocked?: unknown } } | null;
    if (m?.method === CSP_VIOLATION_METHOD) {
      // From the reporter the proxy put in the app's document: a fact for the diagnostics, not a bridge message.
      const cspViolation = { uri: this.app.uri, directive: String(m.params?.directive ?? ''), blocked: String(m.params?.blocked ?? '') };
      recordLane(this.deps.entry, `CSP blocked ${cspViolation.directive}: ${cspViolation.blocked || '(inline)'}`, {
        toApp: false,
        app: this.app.uri,
        cspViolation,
      });
      return;
    }
    this.transport.receive(message);
  }

  /** The arguments of the call that shows this app: sent once the app has initialised. */
  toolInput(args: Record<string, unknown>): void {
    this.input = args;
    if (this.initialized) void this.bridge.sendToolInput({ arguments: args });
  }

  toolOutcome(outcome: CallOutcome): void {
    if (outcome.kind === 'result') {
      this.result = outcome.result as CallToolResult;
      if (this.initialized) void this.bridge.sendToolResult(this.result);
    } else if (outcome.kind !== 'notSent' && this.initialized) {
      void this.bridge.sendToolCancelled({ reason: outcome.message });
    }
  }

  private answer(): void {
    const { entry, runner } = this.deps;
    const bridge = this.bridge;
    bridge.onsandboxready = () => {
      void bridge.sendSandboxResourceReady({ html: this.app.document.html, csp: this.app.csp.domains });
      this.awaitInitialize();
    };
    bridge.oninitialized = () => {
      this.initialized = true;
      clearTimeout(this.initTimer);
      if (this.input) void bridge.sendToolInput({ arguments: this.input });
      if (this.result) void bridge.sendToolResult(this.result);
    };
    bridge.oncalltool = async (params) => {
      // The call still goes to the server: its answer (unknown tool) is what the app gets.
      if (!runner.tool(entry, params.name))
        recordLane(entry, `tools/call ${params.name}: not a tool of the server`, {
          toApp: false,
          app: this.app.uri,
          unknownTool: { uri: this.app.uri, name: params.name },
        });
      const outcome = await runner.call(entry, params.name, (params.arguments ?? {}) as Record<string, unknown>);
      if (outcome.kind === 'result') return outcome.result as CallToolResult;
      throw new Error(outcome.message);
    };
    bridge.onreadresource = async (params) => this.server('resources/read', params);
    bridge.onlistresources = async (params) => this.server('resources/list', params ?? {});
    bridge.onlistresourcetemplates = async (params) => this.server('resources/templates/list', params ?? {});
    bridge.onopenlink = async ({ url }) => ((await openServerLink(entry.name, url)) ? {} : { isError: true });
    bridge.onmessage = async (params) => {
      this.deps.log.info(
        `[${entry.name}] the app sent a message for the chat (${JSON.stringify(params).length} bytes); MCP Lens has no chat: it is in the Messages view`,
      );
      return {};
    };
    bridge.onrequestdisplaymode = async () => ({ mode: 'inline' });
    bridge.onupdatemodelcontext = async () => ({});
    bridge.onsizechange = ({ height }) => {
      if (typeof height === 'number' && Number.isFinite(height)) this.deps.resize(height);
    };
    bridge.onloggingmessage = ({ level }) => this.deps.log.info(`[${entry.name}] app log (${level}): see the Messages view`);
    bridge.onrequestteardown = () => this.dispose();
    // What the bridge refuses and reports (a message that is not JSON-RPC, a response to no request,
    // a notification's params that break its schema) is the app's fault; failing to send is not.
    bridge.onerror = (error) => {
      if (!this.disposed && !/^(Failed to (send|encode)|Connection closed)/.test(error.message)) this.bridgeError(error.message);
    };
    bridge.fallbackNotificationHandler = async ({ method }) =>
      this.bridgeError(`no such notification in the Apps protocol: ${method}`, method);
  }

  private bridgeError(error: string, method?: string): void {
    recordLane(this.deps.entry, `app broke the protocol: ${error}`, {
      toApp: false,
      app: this.app.uri,
      bridgeError: { uri: this.app.uri, error, ...(method ? { method } : {}) },
    });
  }

  /** MCP Apps: the View sends ui/initialize once loaded; until it does, the host sends it nothing. */
  private awaitInitialize(): void {
    clearTimeout(this.initTimer);
    this.initTimer = setTimeout(() => {
      if (this.initialized || this.disposed || !this.deps.visible()) return;
      recordLane(this.deps.entry, `app not initialised ${APP_INIT_TIMEOUT_MS / 1000} s after it was loaded`, {
        toApp: false,
        app: this.app.uri,
        notInitialized: { uri: this.app.uri, waitedMs: APP_INIT_TIMEOUT_MS },
      });
    }, APP_INIT_TIMEOUT_MS);
  }

  private async server(method: string, params: unknown): Promise<never> {
    const client = this.deps.entry.client;
    if (!client) throw new Error(`"${this.deps.entry.name}" is not running`);
    return (await client.request(method, (params ?? {}) as Record<string, unknown>)) as never;
  }

  private record(message: unknown, toApp: boolean): void {
    recordLane(this.deps.entry, laneLabel(message), { toApp, app: this.app.uri, message: withoutDocument(message) });
  }

  /** MCP Apps: the host sends ui/resource-teardown before the frame goes, and waits briefly. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.initTimer);
    const closing = this.initialized ? ignoreUnsent(this.bridge.teardownResource({}, { timeout: 2000 })) : Promise.resolve();
    void closing.finally(() => void this.bridge.close());
  }
}

/** One event of the app lane in the server's trace (the Messages view and the diagnostics read it). */
export function recordLane(entry: ServerEntry, raw: string, info: Record<string, unknown>): void {
  entry.session?.trace.append({ dir: 'meta', kind: 'app', raw, info });
}

function hostContext(): McpUiHostContext {
  const kind = vscode.window.activeColorTheme.kind;
  const dark = kind === vscode.ColorThemeKind.Dark || kind === vscode.ColorThemeKind.HighContrast;
  return {
    theme: dark ? 'dark' : 'light',
    displayMode: 'inline',
    availableDisplayModes: ['inline'],
    locale: vscode.env.language,
    platform: 'desktop',
  };
}

/** The trace keeps the lane readable: the app's HTML is not copied into every sandbox message. */
function withoutDocument(message: unknown): unknown {
  const m = message as { method?: unknown; params?: { html?: unknown } } | undefined;
  if (m?.method === 'ui/notifications/sandbox-resource-ready' && typeof m.params?.html === 'string') {
    return { ...m, params: { ...m.params, html: `(${m.params.html.length} characters of HTML)` } };
  }
  return message;
}
