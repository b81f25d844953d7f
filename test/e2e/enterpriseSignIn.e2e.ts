// Enterprise-managed authorization, as a person in a company that signs in through its identity
// provider does it: the server is set up for it in the settings (mcpLens.auth.assertionGrants),
// its row needs sign-in, Sign In asks for the client secret and the ID token (kept in
// SecretStorage), the editor exchanges the ID token at the IdP for an ID-JAG and that for the
// server's token, with no browser, and the Authorization Flow shows both exchanges. The server,
// its JWT-only authorization server and the IdP are test/fixtures/servers/http/enterprise-oauth.mjs.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { launchHttpFixture } from '../harness/httpFixture';
import type { Locator } from 'playwright-core';
import { retried, UI_TIMEOUT, type Workbench } from './workbench';

const NAME = 'corp-whoami';

/** Answers the input box whose prompt says `asks` (a password box: what is typed is not shown). */
async function answer(wb: Workbench, asks: string, value: string): Promise<void> {
  await wb.page.locator('.quick-input-widget').filter({ hasText: asks }).waitFor({ timeout: UI_TIMEOUT });
  const input = wb.page.locator('.quick-input-widget input');
  await input.fill(value);
  await input.press('Enter');
}

/**
 * Start, until the row needs sign-in. The workspace settings written a moment before may not
 * have reached the editor's configuration yet: a start without them tries the code flow, which
 * this authorization server does not offer (an error row), and the person starts it again.
 */
async function needsSignIn(wb: Workbench): Promise<Locator> {
  const startable = new RegExp(`${NAME}.*(stopped|Could not)`);
  // A Start click that went through but was answered late leaves a row that needs sign-in and
  // offers Sign In instead of Start Server (ci39): the failed click is looked past.
  return retried(
    async () => wb.clickInlineAction(await wb.waitForRow(startable), 'Start Server'),
    async (timeout) => {
      const row = await wb.waitForRow(new RegExp(`${NAME}.*(needs sign-in|Could not)`), timeout);
      if (!/needs sign-in/.test(await row.innerText())) throw new Error(`the row says ${await row.innerText()}`);
      return row;
    },
    { within: UI_TIMEOUT, attempts: 5, again: async () => (await wb.row(startable).count()) > 0 },
  ).catch((error: unknown) => {
    throw new Error(`"${NAME}" never needed sign-in (the enterprise settings not applied?): ${String(error)}`);
  });
}

export const tests: E2eTest[] = [
  {
    name: 'enterprise-managed sign-in: the ID token exchanged at the IdP for an ID-JAG, that for the token; the Authorization Flow shows both',
    workspace: join(root, 'test', 'e2e', 'workspaces', 'empty'),
    async run(wb) {
      const children: ChildProcess[] = [];
      try {
        const url = await launchHttpFixture({ root }, 'enterprise-oauth.mjs', children);
        const origin = url.replace(/\/mcp$/, '');
        // What the company's sign-in left this person: an ID token from the IdP.
        const idToken = await (await fetch(`${origin}/idp/test/id-token?sub=alice`)).text();
        mkdirSync(join(wb.workspace, '.vscode'), { recursive: true });
        writeFileSync(
          join(wb.workspace, '.vscode', 'settings.json'),
          JSON.stringify({ 'mcpLens.auth.assertionGrants': { [NAME]: { grant: 'enterprise', clientId: 'lens-enterprise', idpIssuer: `${origin}/idp`, idpClientId: 'lens-at-idp' } } }, null, 2),
        );
        await wb.openContainer('MCP Lens');
        writeFileSync(join(wb.workspace, '.vscode', 'mcp.json'), JSON.stringify({ servers: { [NAME]: { type: 'http', url } } }, null, 2));
        const row = await needsSignIn(wb);
        await wb.shot('enterprise-needs-sign-in');

        await wb.clickInlineAction(row, 'Sign In');
        await answer(wb, "Client secret of lens-enterprise at the MCP server's authorization server", 'enterprise-secret-42');
        await answer(wb, 'Client secret of lens-at-idp at the enterprise IdP', '');
        await answer(wb, 'The ID token the enterprise IdP issued you', idToken);
        if (wb.page.context().pages().length > 1) throw new Error('a browser page opened: enterprise-managed authorization needs none');

        const running = wb.row(new RegExp(`${NAME}.*(modern|legacy) \\d{4}-\\d\\d-\\d\\d`));
        await running.waitFor({ timeout: UI_TIMEOUT });
        await wb.expand(running);
        await wb.waitForRow('whoami');

        await wb.runCommand('MCP Lens: Show Authorization Flow');
        const flow = wb.page.locator('.editor-instance .view-lines').filter({ hasText: 'Outcome: a token was issued.' });
        await flow.filter({ hasText: 'token exchange (RFC 8693): ID token → ID-JAG' }).filter({ hasText: 'JWT bearer (RFC 7523): assertion → access token' }).waitFor({ timeout: UI_TIMEOUT });
        const text = await flow.innerText();
        if (text.includes(idToken.slice(-24))) throw new Error('the Authorization Flow shows the ID token');
        await wb.page.mouse.move(700, 400);
        await wb.shot('enterprise-authorization-flow');
      } finally {
        for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      }
    },
  },
];
