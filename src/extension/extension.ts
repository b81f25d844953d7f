import * as path from 'node:path';
import * as vscode from 'vscode';
import { registerAddServer } from './addServer';
import { createApi, type McpLensApi } from './api';
import { registerCommands } from './commands';
import { ConfigDiagnostics } from './configDiagnostics';
import { ConfigWatcher } from './configWatcher';
import { ContextKeys } from './contextKeys';
import { CrashNotifier } from './crashNotifier';
import { registerDevLoop } from './devloop';
import { HostProblems } from './diagnostics/hostProblems';
import { warmDiagnosticsWhenIdle } from './idleWarmup';
import { Sessions } from './diagnostics/sessions';
import { InputResolver } from './inputs';
import { Log } from './log';
import { registerSessionViews } from './messages/register';
import { ServerRegistry } from './serverRegistry';
import type { ServerEntry } from './serverEntry';
import { ServersView } from './serversView';
import { registerRecordCommand } from './record/copyRecordCommand';
import { CachedSettings } from './settings';
import { StatusBar } from './statusBar';
import { registerTraceLanguage } from './traceLanguage';
import { registerTesting } from './testing';
import { registerEvals } from './evals';
import { registerFuzzCommand } from './fuzz';
import { registerLoadCommand } from './load/loadCommand';
import { registerTools } from './tools';
import { registerLogLevelCommand } from './logLevelCommand';
import { registerAsks } from './asks';
import { registerAgentTools } from './agentTools/register';
import { say, showError } from './shown';
import { registerSignInCommands, signInPageOpener } from './auth/signInCommands';
import { SignInPrompts, signInSettled } from './auth/signInPrompt';
import { SecretGrantStore } from './auth/secretGrantStore';
import { AssertionGrantCredentials } from './auth/assertionGrants';

let registry: ServerRegistry | undefined;

/** When the extension host finished loading this bundle: activation time counts from here. */
const loadedAt = performance.now();

export async function activate(context: vscode.ExtensionContext): Promise<McpLensApi> {
  const activateAt = performance.now();
  const log = new Log();
  context.subscriptions.push(log);
  try {
    const api = await start(context, log);
    // What a window waits for MCP Lens: activate() itself, the config read included.
    const activation = { activateMs: performance.now() - activateAt, sinceLoadMs: performance.now() - loadedAt };
    log.info(`Activated in ${activation.activateMs.toFixed(0)} ms (${activation.sinceLoadMs.toFixed(0)} ms since the bundle loaded)`);
    context.subscriptions.push(warmDiagnosticsWhenIdle(log));
    return { ...api, activation };
  } catch (error) {
    // VS Code only logs a failed activation to its own console; tell the user (rust-analyzer does too).
    log.error('MCP Lens failed to activate', error);
    const show = 'Show Log';
    void showError(say`MCP Lens failed to activate: ${error instanceof Error ? error.message : String(error)}`, show).then(
      (choice) => choice === show && log.show(),
    );
    throw error;
  }
}

async function start(context: vscode.ExtensionContext, log: Log): Promise<McpLensApi> {
  const version = String(context.extension.packageJSON.version ?? '0.0.0');
  log.info(`MCP Lens ${version} activating (VS Code ${vscode.version}, ${vscode.workspace.isTrusted ? 'trusted' : 'untrusted'} workspace)`);
  const subscriptions = context.subscriptions;
  const { servers, sessions, asks, inputs, traceDir } = createRegistry(context, log, version);
  registry = servers;
  subscriptions.push(servers);
  const contextKeys = new ContextKeys(servers);
  const serversView = new ServersView(servers);
  subscriptions.push(
    contextKeys,
    serversView,
    new StatusBar(servers),
    new ConfigDiagnostics(servers),
    new CrashNotifier(servers, log),
    new HostProblems(servers),
  );
  subscriptions.push(...registerCommands({ registry: servers, log, inputs }), registerAddServer(log));
  const signInPrompts = new SignInPrompts(servers);
  subscriptions.push(signInPrompts, ...registerSignInCommands(servers, log));
  subscriptions.push(
    sessions,
    ...registerSessionViews({ extensionUri: context.extensionUri, registry: servers, sessions, log, serversView: serversView.view }),
  );
  subscriptions.push(...registerFeatures(context, servers, log, asks.broker, version));
  subscriptions.push(...watchConfiguration(servers));
  await servers.reload();
  contextKeys.update();
  return createApi(servers, context.logUri.fsPath, traceDir, signInPrompts);
}

/** The registry of the workspace's servers, with what each Start needs: sessions, asks, inputs, sign-in. */
function createRegistry(context: vscode.ExtensionContext, log: Log, version: string) {
  const subscriptions = context.subscriptions;
  const settings = new CachedSettings();
  subscriptions.push(settings);
  const inputs = new InputResolver(context.secrets, context.workspaceState);
  // Each start's trace, live diagnostics and stray-stdout preload (issue 4).
  // Each run's full trace goes to the extension's storage; memory keeps its newest events.
  const traceDir = vscode.Uri.joinPath(context.storageUri ?? context.globalStorageUri, 'traces').fsPath;
  const sessions = new Sessions(log, () => vscode.workspace.getConfiguration('mcpLens').get<boolean>('preload.enabled', true), traceDir);
  const asks = registerAsks(context, log);
  const assertionGrants = new AssertionGrantCredentials(context.secrets, log);
  subscriptions.push(...asks.disposables);
  const servers: ServerRegistry = new ServerRegistry({
    sessions,
    asks: asks.broker,
    log,
    settings: settings.read,
    workspaceFolders: () => (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath),
    // globalStorage sits in the user-data User folder (User/globalStorage/<extension id>), beside the profile's mcp.json.
    vscodeUser: context.globalStorageUri.scheme === 'file' ? path.dirname(path.dirname(context.globalStorageUri.fsPath)) : undefined,
    resolveInput: (input, server) => inputs.resolve(input, server),
    clientInfo: { name: 'mcp-lens', version },
    auth: {
      store: new SecretGrantStore(context.secrets),
      openSignInPage: signInPageOpener(log, (entry: ServerEntry, ended: Promise<void>) => signInSettled(servers, entry, ended)),
      assertionGrant: (serverName, url, interactive) => assertionGrants.settingsFor(serverName, url, interactive),
      forgetAssertionGrant: (url) => assertionGrants.forget(url),
    },
  });
  return { servers, sessions, asks, inputs, traceDir };
}

/** What works on the servers once they are listed: traces, record, tools, evals, the dev loop, agents, tests, fuzz and load. */
function registerFeatures(
  context: vscode.ExtensionContext,
  servers: ServerRegistry,
  log: Log,
  asks: ReturnType<typeof registerAsks>['broker'],
  version: string,
): vscode.Disposable[] {
  const disposables = [
    registerTraceLanguage(context, log),
    registerRecordCommand(context, servers, log),
    ...registerTools(context, servers, log, asks),
    registerLogLevelCommand(servers),
  ];
  // The dev loop's list diff names the eval cases a tool change touches.
  const evals = registerEvals(context, servers, log, { name: 'mcp-lens', version });
  return [
    ...disposables,
    ...evals.disposables,
    ...registerDevLoop(servers, log, evals.rerunAdvisor),
    ...registerAgentTools(servers, log),
    ...registerTesting(servers, log),
    registerFuzzCommand(servers, log),
    registerLoadCommand(context.extensionUri, servers, log),
  ];
}

/** The servers are read again when a config file, the workspace folders, trust or a setting that names config files changes. */
function watchConfiguration(servers: ServerRegistry): vscode.Disposable[] {
  const watcher = new ConfigWatcher(() => void servers.reload());
  return [
    watcher,
    servers.onDidChange(
      (entry) => entry === undefined && watcher.watch([...new Set((servers.config?.candidates ?? []).map((f) => f.path))]),
    ),
    vscode.workspace.onDidChangeWorkspaceFolders(() => void servers.reload().then(() => servers.updateRoots())),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('mcpLens.roots') && void servers.updateRoots()),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void servers.reload()),
    vscode.workspace.onDidChangeConfiguration(
      (e) =>
        (e.affectsConfiguration('mcpLens.claudeDesktopConfig') || e.affectsConfiguration('mcpLens.userConfigs')) && void servers.reload(),
    ),
  ];
}

/** VS Code awaits this: every running server is closed and its process tree ended. */
export async function deactivate(): Promise<void> {
  await registry?.stopAll();
  registry = undefined;
}
