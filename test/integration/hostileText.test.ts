// Server text in the real extension host: look-alike names reach Problems flagged and
// written out, no message keeps a clickable link, and a 5 MB stderr line reaches the
// stderr panel clipped while commands keep answering.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PanelState } from '../../src/extension/stderr/panel';
import type { CallOutcome } from '../../src/extension/tools/protocol';
import { extensionApi, server, serverWhere, waitFor } from './support';

const NAME = 'hostile-payloads';
/** VS Code's notification and quick-input link syntax (src/vs/base/common/linkedText.ts). */
const LINKED_TEXT = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^\)\s]+)(?: (["'])(.+?)(\3))?\)/i;

/** Fails when `promise` takes longer than `ms`: a command must answer within that bound. */
async function within<T>(ms: number, what: string, promise: Thenable<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([Promise.resolve(promise), late]);
  } finally {
    clearTimeout(timer);
  }
}

suite('hostile text', function () {
  this.timeout(120_000);

  suiteSetup(async () => {
    const { registry } = await extensionApi();
    await server(registry, NAME);
    await vscode.commands.executeCommand('mcpLens.startServer', NAME);
    await serverWhere(registry, NAME, 'running with its tools', (s) => s.state === 'running' && s.tools.includes('noisy'));
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('mcpLens.stopServer', NAME);
  });

  test('look-alike tool, prompt and resource names reach Problems flagged, written out, with no link left in any message', async () => {
    const { registry } = await extensionApi();
    const file = vscode.Uri.file(registry.get(NAME)!.file);
    const ours = () => vscode.languages.getDiagnostics(file).filter((d) => d.message.startsWith(`${NAME}:`));
    const found = await waitFor('look-alike-names and tool-name-invalid in Problems', () => {
      const list = ours();
      const codes = list.map((d) => String(d.code));
      return codes.filter((c) => c === 'look-alike-names').length >= 5 && codes.includes('tool-name-invalid') ? list : undefined;
    });
    const messages = found.map((d) => d.message);
    assert.ok(messages.some((m) => m.includes('"delete_all" and "delete_all⟨U+200B⟩" look the same')), messages.join('\n'));
    assert.ok(messages.some((m) => m.includes('"read_file" and "read_f⟨U+0456⟩le"')));
    assert.ok(messages.some((m) => m.includes('prompts "summarise" and "summar⟨U+0456⟩se"')));
    assert.ok(messages.some((m) => m.includes('resources "notes" and "no⟨U+200D⟩tes"')));
    assert.equal(found.filter((d) => d.code === 'tool-name-invalid').length, 4, 'delete_all+ZWSP, run+ZWJ+cmd, read_f+Cyrillic і+le, safe+RLO+txt.exe');
    for (const message of messages) assert.doesNotMatch(message, LINKED_TEXT);
  });

  test('a 5 MB stderr line reaches the stderr panel clipped, and commands answer within 1 s after it', async () => {
    const outcome = await vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: NAME, tool: 'noisy', args: {} });
    assert.equal(outcome.kind, 'result');
    const state = await waitFor('the 5 MB line in the panel', async () => {
      const s = await vscode.commands.executeCommand<PanelState>('mcpLens.stderr.describe', NAME);
      return s.lines.some((l) => l.text.startsWith('SSSS')) ? s : undefined;
    });
    const big = state.lines.find((l) => l.text.startsWith('SSSS')) as PanelState['lines'][number] & { fullLength?: number };
    assert.equal(big.text.length, 10_000);
    assert.equal(big.fullLength, 5 * 1024 * 1024);
    await within(1000, 'mcpLens.refreshServers', vscode.commands.executeCommand('mcpLens.refreshServers'));
    await within(1000, 'mcpLens.stderr.describe', vscode.commands.executeCommand('mcpLens.stderr.describe', NAME));
  });

  test('a resources/read error is reported, not thrown: its text is the server\'s, for a notification to render', async () => {
    const result = await vscode.commands.executeCommand<{ kind: string; code?: number; message?: string }>('mcpLens.readResource', { server: NAME, uri: 'note://broken' });
    assert.equal(result.kind, 'protocolError', JSON.stringify(result));
    assert.equal(result.code, -32602);
    assert.match(result.message ?? '', /\[Fix it\]\(command:/);
  });
});
