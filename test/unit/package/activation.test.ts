import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));

test('MCP Lens activates only where it has work', () => {
  const events: string[] = pkg.activationEvents;
  assert.ok(!events.includes('*') && !events.includes('onStartupFinished'), 'no activation in every window');
  for (const wanted of [
    'workspaceContains:.vscode/mcp.json',
    'workspaceContains:.mcp.json',
    'workspaceContains:.cursor/mcp.json',
    'workspaceContains:**/*.mcptest.json',
    'onLanguage:mcp-trace',
  ]) {
    assert.ok(events.includes(wanted), wanted);
  }
  // Each view activates the extension when it is opened (VS Code adds its commands by itself).
  const views = [...Object.values(pkg.contributes.views).flat()] as { id: string }[];
  for (const view of views) assert.ok(events.includes(`onView:${view.id}`), `onView:${view.id}`);
});

test('palette entries do not wait for context keys set during activation', () => {
  // Before activation no mcpLens.* key is set, so a clause naming one hides the command in a
  // fresh window; such a command runs and says why it cannot act instead.
  for (const entry of pkg.contributes.menus.commandPalette as { command: string; when?: string }[]) {
    assert.doesNotMatch(entry.when ?? '', /\bmcpLens\./, `${entry.command}: "${entry.when}"`);
  }
});
