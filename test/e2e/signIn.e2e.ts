// An MCP server behind OAuth, signed in to as a person does: the row says it needs sign-in, its
// inline Sign In opens the authorization server's consent page in a new browser tab, Allow, the
// browser comes back to the editor's loopback listener, and the row runs with its tools. The
// server is the official SDK's authorization server in front of an MCP server
// (test/fixtures/servers/http/sdk-oauth.mjs --consent), started by the test on 127.0.0.1.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { launchHttpFixture } from '../harness/httpFixture';
import { UI_TIMEOUT, webviewFrame, type Workbench } from './workbench';

const NAME = 'oauth-whoami';

/** Starts the fixture and resolves with the MCP URL it prints first. */
function startOAuthServer(children: ChildProcess[], args: string[] = ['--consent']): Promise<string> {
  return launchHttpFixture({ root }, 'sdk-oauth.mjs', children, args);
}

/** Writes the workspace's .vscode/mcp.json with the one server, and waits for its row. */
async function configure(wb: Workbench, url: string, name = NAME): Promise<void> {
  mkdirSync(join(wb.workspace, '.vscode'), { recursive: true });
  writeFileSync(join(wb.workspace, '.vscode', 'mcp.json'), JSON.stringify({ servers: { [name]: { type: 'http', url } } }, null, 2));
  await wb.waitForRow(new RegExp(`${name}.*stopped`));
}

/** The server's diagnostics card for `rule` in the stderr and Diagnostics panel, with the words it must say. */
async function diagnosticCard(wb: Workbench, rule: string, words: string[]): Promise<void> {
  await wb.runCommand('MCP Lens: Show stderr and Diagnostics');
  const frame = await webviewFrame(wb.page, '.card');
  const card = frame.locator('.card', { hasText: rule }).first();
  await card.waitFor({ timeout: UI_TIMEOUT });
  const text = await card.innerText();
  for (const word of words) if (!text.includes(word)) throw new Error(`the ${rule} card lacks "${word}": ${text}`);
}

/** The running row (its era and protocol version shown), expanded to its tools. */
async function runningWithTools(wb: Workbench): Promise<void> {
  await wb.page.bringToFront();
  const running = wb.row(new RegExp(`${NAME}.*(modern|legacy) \\d{4}-\\d\\d-\\d\\d`));
  await running.waitFor({ timeout: UI_TIMEOUT });
  await wb.expand(running);
  await wb.waitForRow('whoami');
  // The lists arriving after the start can re-render the tree collapsed: look again, as a person would.
  await wb.expand(running);
  await wb.waitForRow('whoami');
  await wb.page.mouse.move(700, 400);
  // The workbench tab may have been behind the consent page: let it paint a frame before a screenshot.
  await wb.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(undefined)))));
}

/** Acts at the authorization server behind the editor's back (the fixture's --controls). */
async function atServer(url: string, what: 'expire' | 'revoke'): Promise<void> {
  const res = await fetch(new URL(`/test/${what}`, url), { method: 'POST' });
  if (res.status !== 204) throw new Error(`the fixture's /test/${what} answered ${res.status}`);
}

async function signInThroughConsentPage(wb: Workbench): Promise<void> {
  const row = await wb.waitForRow(new RegExp(`${NAME}.*needs sign-in`));
  const opened = wb.page.context().waitForEvent('page', { timeout: UI_TIMEOUT });
  await wb.clickInlineAction(row, 'Sign In');
  const consent = await opened;
  const allow = consent.locator('#approve');
  await allow.waitFor({ timeout: UI_TIMEOUT });
  await consent.locator('h1').filter({ hasText: /Allow .+ to use the MCP server\?/ }).waitFor({ timeout: UI_TIMEOUT });
  await wb.shot('consent-page', consent);
  await Promise.all([consent.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/callback\?/, { timeout: UI_TIMEOUT }), allow.click()]);
  await consent.getByText('MCP Lens received the authorization response').waitFor({ timeout: UI_TIMEOUT });
  await wb.shot('back-at-the-editor-loopback', consent);
  await consent.close();
}

export const tests: E2eTest[] = [
  {
    name: 'sign in to an OAuth-protected HTTP server through the consent page and list its tools',
    workspace: join(root, 'test', 'e2e', 'workspaces', 'empty'),
    window: 'oauth',
    async run(wb) {
      const children: ChildProcess[] = [];
      try {
        const url = await startOAuthServer(children);
        await wb.openContainer('MCP Lens');
        await configure(wb, url);
        await wb.clickInlineAction(wb.row(new RegExp(`${NAME}.*stopped`)), 'Start Server');
        // The start runs discovery and stops where only a person can go on.
        await wb.waitForRow(new RegExp(`${NAME}.*needs sign-in`));
        await wb.shot('needs-sign-in');

        await signInThroughConsentPage(wb);
        await runningWithTools(wb);
        await wb.shot('signed-in-running-with-tools');

        await wb.runCommand('MCP Lens: Show Authorization Flow');
        const flow = wb.page.locator('.editor-instance .view-lines').filter({ hasText: 'Outcome: a token was issued.' });
        await flow.waitFor({ timeout: UI_TIMEOUT });
        await wb.shot('authorization-flow-document');
      } finally {
        for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      }
    },
  },
  {
    name: 'an OAuth token expired at the server is refreshed on restart; a revoked one asks for sign-in again',
    workspace: join(root, 'test', 'e2e', 'workspaces', 'empty'),
    async run(wb) {
      const children: ChildProcess[] = [];
      try {
        const url = await startOAuthServer(children, ['--consent', '--refresh-tokens', '--controls']);
        await wb.openContainer('MCP Lens');
        await configure(wb, url);
        await wb.clickInlineAction(wb.row(new RegExp(`${NAME}.*stopped`)), 'Start Server');
        await signInThroughConsentPage(wb);
        await runningWithTools(wb);

        // Expired at the authorization server: the restart's first request is refused, the refresh token renews it, no browser.
        await atServer(url, 'expire');
        await wb.clickInlineAction(wb.row(new RegExp(`${NAME}.*(modern|legacy)`)), 'Restart Server');
        // The row reads the same before and after: the restart is done when the status bar says so.
        // (Read before that, the flow would still be the first sign-in's; ci28, ci30 and ci31 did.)
        await wb.page.locator('.part.statusbar').filter({ hasText: `${NAME} restarted` }).waitFor({ timeout: UI_TIMEOUT });
        await runningWithTools(wb);
        if (wb.page.context().pages().length > 1) throw new Error('a page opened for a refresh: it needs no person');
        // The flow's last attempt is the refresh alone: no registration, no consent page.
        await wb.runCommand('MCP Lens: Show Authorization Flow');
        const lines = wb.page.locator('.editor-instance .view-lines');
        await lines.filter({ hasText: 'Outcome: a token was issued.' }).filter({ hasText: /1\.\s*refresh/ }).filter({ hasNotText: 'registration' }).waitFor({ timeout: UI_TIMEOUT });
        await wb.shot('refreshed-flow-and-tools');

        // Revoked there: the saved tokens are refused, the row needs sign-in; the person signs in again.
        await atServer(url, 'revoke');
        await wb.clickInlineAction(wb.row(new RegExp(`${NAME}.*(modern|legacy)`)), 'Restart Server');
        await wb.waitForRow(new RegExp(`${NAME}.*needs sign-in`));
        await wb.shot('revoked-needs-sign-in');
        await signInThroughConsentPage(wb);
        await runningWithTools(wb);
        await wb.shot('signed-in-again');
      } finally {
        for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      }
    },
  },
  {
    name: 'a misconfigured OAuth server: the authorization diagnostic card says where it broke and what to change',
    workspace: join(root, 'test', 'e2e', 'workspaces', 'empty'),
    window: 'oauth',
    async run(wb) {
      const children: ChildProcess[] = [];
      try {
        // The authorization server publishes no S256: the start stops at its metadata, before any browser.
        const url = await startOAuthServer(children, ['--no-s256']);
        await wb.openContainer('MCP Lens');
        await configure(wb, url, 'oauth-no-s256');
        await wb.clickInlineAction(wb.row(/oauth-no-s256.*stopped/), 'Start Server');
        await wb.row(/oauth-no-s256.*S256/).waitFor({ timeout: UI_TIMEOUT });
        await diagnosticCard(wb, 'auth-pkce-unsupported', ['S256', 'code_challenge_methods_supported']);
        await wb.shot('auth-pkce-unsupported-card');
      } finally {
        for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      }
    },
  },
];
