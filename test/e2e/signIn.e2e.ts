// An MCP server behind OAuth, signed in to as a person does: the row says it needs sign-in, its
// inline Sign In opens the authorization server's consent page in a new browser tab, Allow, the
// browser comes back to the editor's loopback listener, and the row runs with its tools. The
// server is the official SDK's authorization server in front of an MCP server
// (test/fixtures/servers/http/sdk-oauth.mjs --consent), started by the test on 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { UI_TIMEOUT, type Workbench } from './workbench';

const NAME = 'oauth-whoami';

/** Starts the fixture and resolves with the MCP URL it prints first. */
function startOAuthServer(children: ChildProcess[]): Promise<string> {
  const child = spawn(process.execPath, [join(root, 'test', 'fixtures', 'servers', 'http', 'sdk-oauth.mjs'), '--consent'], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!.trim());
    });
    child.once('exit', (code, signal) => reject(new Error(`sdk-oauth.mjs exited (${signal ?? code}) before printing its URL: ${err}`)));
  });
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
    async run(wb) {
      const children: ChildProcess[] = [];
      try {
        const url = await startOAuthServer(children);
        await wb.openContainer('MCP Lens');
        mkdirSync(join(wb.workspace, '.vscode'), { recursive: true });
        writeFileSync(join(wb.workspace, '.vscode', 'mcp.json'), JSON.stringify({ servers: { [NAME]: { type: 'http', url } } }, null, 2));
        const row = await wb.waitForRow(new RegExp(`${NAME}.*stopped`));
        await wb.clickInlineAction(row, 'Start Server');
        // The start runs discovery and stops where only a person can go on.
        await wb.waitForRow(new RegExp(`${NAME}.*needs sign-in`));
        await wb.shot('needs-sign-in');

        await signInThroughConsentPage(wb);
        await wb.page.bringToFront();
        const running = wb.row(new RegExp(`${NAME}.*(modern|legacy) \\d{4}-\\d\\d-\\d\\d`));
        await running.waitFor({ timeout: UI_TIMEOUT });
        await wb.expand(running);
        await wb.waitForRow('whoami');
        // The lists arriving after the start can re-render the tree collapsed: look again, as a person would.
        await wb.expand(running);
        await wb.waitForRow('whoami');
        await wb.page.mouse.move(700, 400);
        // The workbench tab was behind the consent page: let it paint a frame before the screenshot.
        await wb.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(undefined)))));
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
];
