import * as vscode from 'vscode';
import { describeRevocations } from '../../core/auth/revocation';
import { chooseServer } from '../chooseServer';
import type { Log } from '../log';
import type { ServerEntry } from '../serverEntry';
import type { ServerRegistry } from '../serverRegistry';
import type { TreeNode } from '../serversView';
import { name, openSignInPage, say, showError, showInfo, showUntil, showWarning } from '../shown';
import { explainUntrusted, isTrusted } from '../trust';
import { showAuthorizationFlow } from './flowDocument';

export const AUTH_COMMANDS = {
  signIn: 'mcpLens.signIn',
  signOut: 'mcpLens.signOut',
  showAuthorizationFlow: 'mcpLens.showAuthorizationFlow',
} as const;

type ServerArg = TreeNode | string | undefined;

/** Sign In / Sign Out / Show Authorization Flow for Streamable HTTP servers (issue #13). */
export function registerSignInCommands(registry: ServerRegistry, log: Log): vscode.Disposable[] {
  const isHttp = (s: ServerEntry) => s.config.type === 'http';

  async function target(arg: ServerArg, accept: (s: ServerEntry) => boolean, placeHolder: string): Promise<ServerEntry | undefined> {
    if (typeof arg === 'string' || (arg && 'key' in arg)) {
      const entry = registry.get(typeof arg === 'string' ? arg : arg.key);
      if (entry && isHttp(entry)) return entry;
      void showInfo(
        say`MCP Lens: sign-in is for Streamable HTTP servers ("type": "http"); "${typeof arg === 'string' ? arg : arg.key}" is not one.`,
      );
      return undefined;
    }
    return chooseServer(registry.servers.filter(accept), say`${placeHolder}`, say`MCP Lens: no Streamable HTTP server is configured.`);
  }

  async function signIn(arg?: ServerArg): Promise<boolean> {
    if (!isTrusted()) {
      void explainUntrusted();
      return false;
    }
    const entry = await target(arg, (s) => isHttp(s) && s.state.kind !== 'running', 'Sign in to which MCP server?');
    if (!entry) return false;
    if (entry.state.kind === 'running') {
      void showInfo(say`MCP Lens: "${name(entry.name)}" is connected already; Sign Out first to sign in again.`);
      return true;
    }
    if (entry.isActive) await registry.stop(entry);
    const outcome = await registry.start(entry, undefined, { signIn: true });
    if (outcome.ok) return true;
    if (!outcome.cancelled) {
      const flow = 'Show Authorization Flow';
      void showError(say`MCP Lens: signing in to "${name(entry.name)}" failed: ${outcome.reason}`, flow).then(
        (choice) => choice === flow && showAuthorizationFlow(entry),
      );
    }
    return false;
  }

  async function signOut(arg?: ServerArg): Promise<number> {
    const entry = await target(arg, isHttp, 'Sign out of which MCP server?');
    if (!entry) return 0;
    const { forgotten, revocations } = await registry.signOut(entry);
    const said = describeRevocations(revocations);
    log.info(`[${entry.name}] signed out: ${forgotten} saved grant(s) removed${said.length ? `; ${said.join('; ')}` : ''}`);
    if (!forgotten) void showInfo(say`MCP Lens: "${name(entry.name)}" had no saved sign-in.`);
    else if (revocations.every((r) => r.revoked))
      void showInfo(say`MCP Lens: signed out of "${name(entry.name)}"; its tokens are revoked and forgotten.`);
    // Honest about what the authorization server still honours: the tokens are forgotten here all the same.
    else
      void showWarning(
        say`MCP Lens: signed out of "${name(entry.name)}"; its tokens are forgotten here, but ${said.filter((l) => l.startsWith('not ')).join('; ')}.`,
      );
    return forgotten;
  }

  async function flow(arg?: ServerArg): Promise<boolean> {
    const entry = await target(arg, (s) => isHttp(s) && s.session !== undefined, 'Show the authorization flow of which MCP server?');
    if (!entry) return false;
    return showAuthorizationFlow(entry);
  }

  return [
    vscode.commands.registerCommand(AUTH_COMMANDS.signIn, signIn),
    vscode.commands.registerCommand(AUTH_COMMANDS.signOut, signOut),
    vscode.commands.registerCommand(AUTH_COMMANDS.showAuthorizationFlow, flow),
  ];
}

/**
 * How the registry opens a sign-in page: the user's browser, with a word in the editor about
 * what happens that closes once the sign-in is over (`settled`: signed in, failed or stopped),
 * at a start or mid-session alike.
 */
export function signInPageOpener(
  log: Log,
  settled: (entry: ServerEntry, ended: Promise<void>) => Promise<void>,
): (entry: ServerEntry, url: string, ended: Promise<void>) => void {
  return (entry, url, ended) => {
    void openSignInPage(url).then((opened) => {
      log.info(`[${entry.name}] sign-in page ${opened ? 'opened in the browser' : 'could not be opened'}`);
      if (!opened) void showError(say`MCP Lens: the sign-in page of "${name(entry.name)}" could not be opened: ${url}`);
      else
        void showUntil(
          say`MCP Lens: sign in to "${name(entry.name)}" in your browser; the editor continues once the authorization server sends you back.`,
          settled(entry, ended),
        );
    });
  };
}
