// What the integration tests share: the extension's API, polling with a deadline (never a
// fixed sleep), and the processes a server left on this machine (for the no-orphans tests).
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { McpLensApi, ServerSnapshot } from '../../src/extension/api';
import type { ServerRowShown } from '../../src/extension/serversDescribe';
import { launchHttpFixture } from '../harness/httpFixture';

export const EXTENSION_ID = 'mcp-lens.mcp-lens';
export type Registry = McpLensApi['registry'];

export async function extensionApi(): Promise<McpLensApi> {
  const extension = vscode.extensions.getExtension<McpLensApi>(EXTENSION_ID);
  if (!extension) throw new Error(`extension ${EXTENSION_ID} is not installed in this window`);
  return extension.activate();
}

/** A server's row in the Servers view and the rows under it as a person reads them; depth 2: its groups and their items. */
export function serverRow(server: string, depth = 2): Thenable<ServerRowShown | undefined> {
  return vscode.commands.executeCommand<ServerRowShown | undefined>('mcpLens.servers.describe', server, depth);
}

/** Resolves with `check`'s first truthy value; fails naming `what` and the last state seen. */
export async function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  timeoutMs = 20_000,
  lastSeen?: () => string,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastSeen ? `; last seen: ${lastSeen()}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Stops every server that is running or starting, so the next test begins from a quiet host. */
export async function stopAllServers(): Promise<void> {
  const { registry } = await extensionApi();
  for (const s of registry.servers.filter((s) => s.state === 'running' || s.state === 'starting')) {
    await vscode.commands.executeCommand('mcpLens.stopServer', s.name);
  }
}

export function serverNames(registry: Registry): string[] {
  return registry.servers.map((s) => s.name).sort();
}

export function find(registry: Registry, name: string): ServerSnapshot | undefined {
  return registry.servers.find((s) => s.name === name);
}

/** Waits until the registry has read the config files and lists `name`. */
export function server(registry: Registry, name: string): Promise<ServerSnapshot> {
  return waitFor(
    `server "${name}" in the registry`,
    () => find(registry, name),
    20_000,
    () => serverNames(registry).join(', '),
  );
}

/** Polls the snapshot of `name` until `accept` holds; a failure shows the last snapshot. */
export function serverWhere(
  registry: Registry,
  name: string,
  what: string,
  accept: (s: ServerSnapshot) => boolean,
  timeoutMs = 30_000,
): Promise<ServerSnapshot> {
  return waitFor(
    `"${name}" ${what}`,
    () => {
      const s = find(registry, name);
      return s && accept(s) ? s : undefined;
    },
    timeoutMs,
    () => JSON.stringify(find(registry, name)),
  );
}

interface ProcessInfo {
  pid: number;
  ppid: number;
  cmdline: string;
}

function processes(): ProcessInfo[] {
  const list: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue; // a zombie runs nothing any more
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      list.push({ pid: Number(entry), ppid: Number(fields[1]), cmdline });
    } catch {
      // exited while we looked
    }
  }
  return list;
}

/** This extension host's descendants whose command line contains `needle` (Linux /proc). */
export function descendantsMatching(needle: string): ProcessInfo[] {
  const all = processes();
  const children = new Map<number, ProcessInfo[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const found: ProcessInfo[] = [];
  const stack = [...(children.get(process.pid) ?? [])];
  while (stack.length > 0) {
    const p = stack.pop()!;
    if (p.cmdline.includes(needle)) found.push(p);
    stack.push(...(children.get(p.pid) ?? []));
  }
  return found;
}

/** process.kill(pid, 0) throws ESRCH once the process is gone; a zombie counts as gone. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

export const hasProc = process.platform === 'linux';

/** Starts test/fixtures/servers/http/FILE (127.0.0.1, port 0) and resolves with the URL it prints first. */
export function startHttpFixture(file: string, children: ChildProcess[], args: string[] = []): Promise<string> {
  // Its own process group and no inherited debugger hooks (a debug session earlier in the run leaves NODE_OPTIONS behind).
  const env: Record<string, string | undefined> = { ...process.env, ELECTRON_RUN_AS_NODE: '1' };
  delete env.NODE_OPTIONS;
  delete env.VSCODE_INSPECTOR_OPTIONS;
  return launchHttpFixture({ root: process.env.MCP_LENS_REPO_ROOT ?? '', env, detached: true }, file, children, args);
}

/**
 * For the suite it is called in: `fixture` (an OAuth server of test/fixtures/servers/http,
 * sdk-oauth.mjs by default) started with `args` and added to the
 * workspace's mcp.json as `name`; after the suite, signed out, the config as it was, the
 * server stopped. `url` is the server's once the suite has set up.
 */
export function oauthServerForSuite(name: string, args: string[], fixture = 'sdk-oauth.mjs'): { readonly url: string } {
  const configFile = () => join(folder(), '.vscode', 'mcp.json');
  const children: ChildProcess[] = [];
  let original = '';
  let url = '';
  suiteSetup(async () => {
    const { registry } = await extensionApi();
    url = await startHttpFixture(fixture, children, args);
    original = await readFile(configFile(), 'utf8');
    await writeFile(
      configFile(),
      original.replace('"servers": {', `"servers": {\n    ${JSON.stringify(name)}: ${JSON.stringify({ type: 'http', url })},`),
    );
    await waitFor(
      'the OAuth server in the list',
      () => find(registry, name),
      20_000,
      () => serverNames(registry).join(', '),
    );
  });
  suiteTeardown(async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('mcpLens.signOut', name);
    if (original) await writeFile(configFile(), original);
    await waitFor(
      'the OAuth server to go',
      () => !find(registry, name),
      20_000,
      () => serverNames(registry).join(', '),
    );
    for (const child of children) if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  });
  return {
    get url() {
      return url;
    },
  };
}

/** The workspace folder the suite runs in (the harness opens exactly one). */
export function folder(): string {
  const f = vscode.workspace.workspaceFolders?.[0];
  if (!f) throw new Error('no folder is open');
  return f.uri.fsPath;
}

/**
 * For one suite: a stdio fixture server added to the workspace's .vscode/mcp.json (`args`
 * relative to the repository), waited for in the registry; stopped and removed again after.
 */
export function fixtureServerForSuite(name: string, args: string[]): void {
  const configFile = () => join(folder(), '.vscode', 'mcp.json');
  const repo = process.env.MCP_LENS_REPO_ROOT ?? '';
  let original = '';
  suiteSetup(async () => {
    const { registry } = await extensionApi();
    original = await readFile(configFile(), 'utf8');
    const entry = JSON.stringify({ type: 'stdio', command: 'node', args: args.map((a, i) => (i === 0 ? `${repo}/${a}` : a)) });
    await writeFile(configFile(), original.replace('"servers": {', `"servers": {\n    ${JSON.stringify(name)}: ${entry},`));
    await waitFor(
      `the ${name} server`,
      () => find(registry, name),
      20_000,
      () => serverNames(registry).join(', '),
    );
  });
  suiteTeardown(async () => {
    const { registry } = await extensionApi();
    if (find(registry, name)?.state === 'running') await vscode.commands.executeCommand('mcpLens.stopServer', name);
    await writeFile(configFile(), original);
    await waitFor(
      `the ${name} server to go`,
      () => !find(registry, name),
      20_000,
      () => serverNames(registry).join(', '),
    );
  });
}

/** Rows as one line each (label | description | icon), for a failure message. */
export function rowsText(rows: ServerRowShown[] | undefined): string {
  return (rows ?? []).map((r) => `${r.label} | ${r.description} | ${r.icon}`).join('\n');
}

/** The text of the document Show Authorization Flow opened for a server (closed again). */
export async function authorizationFlowText(name: string): Promise<string> {
  if (!(await vscode.commands.executeCommand<boolean>('mcpLens.showAuthorizationFlow', name)))
    throw new Error(`Show Authorization Flow refused "${name}"`);
  const editor = await waitFor('the authorization flow document', () => {
    const e = vscode.window.activeTextEditor;
    return e && e.document.getText().startsWith(`Authorization flow of "${name}"`) ? e : undefined;
  });
  // A report, not a draft: closing its tab must not ask to save it.
  if (editor.document.isUntitled || editor.document.isDirty)
    throw new Error('the authorization flow opened as an unsaved draft, not a read-only report');
  const text = editor.document.getText();
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  return text;
}

/**
 * Saves `doc` and waits until it is clean. Under load `save()` has answered false while the save
 * went on: the restart it caused followed (ci23, ci32). A document still dirty fails the test.
 */
export async function saved(doc: vscode.TextDocument): Promise<void> {
  const answer = await doc.save();
  await waitFor('the document saved', () => !doc.isDirty, 20_000, () => `save() answered ${answer}, the document is still dirty`);
}

/**
 * Gives `file` the text `text` as a test starts, a retry too: through its document when a
 * failed attempt left one open (edited, saved or not), else on disk.
 */
export async function restoreFile(file: string, text: string): Promise<void> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === file);
  if (!open) return writeFile(file, text);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(open.uri, new vscode.Range(0, 0, open.lineCount, 0), text);
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`${file} could not be restored`);
  await saved(open);
}
