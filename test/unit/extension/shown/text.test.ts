import assert from 'node:assert/strict';
import { test } from 'node:test';
import { name, render, say, untrusted } from '../../../../src/extension/shown/text';
import { PAYLOADS } from '../../text/payloads';

// src/extension/shown/text.ts has no vscode import: the rendering every surface uses is tested here.
const LINKED_TEXT = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^\)\s]+)(?: (["'])(.+?)(\3))?\)/gi;

test('literal parts are ours and kept (codicons included); interpolations are rendered as untrusted', () => {
  const text = say`$(edit) Enter a URI for ${PAYLOADS.commandLink} ${PAYLOADS.codicon}`;
  const shown = render(text, 'pick');
  assert.ok(shown.startsWith('$(edit) Enter a URI for '));
  assert.equal([...shown.matchAll(LINKED_TEXT)].length, 0);
  assert.match(shown, /\\\$\(alert\)/);
});

test('every surface breaks command links in interpolated text', () => {
  for (const surface of ['notification', 'iconLine', 'pick', 'plainLine', 'problem', 'dialog'] as const) {
    const shown = render(say`MCP Lens: ${PAYLOADS.commandLink}`, surface);
    if (surface === 'dialog') continue; // a modal's detail is not parsed for links: the URL is shown exactly
    assert.equal([...shown.matchAll(LINKED_TEXT)].length, 0, surface);
  }
});

test('names are written out, and nested Text keeps its parts', () => {
  const inner = say`tool ${name('delete_all\u200B')}`;
  assert.equal(render(say`Run ${inner}?`, 'notification'), 'Run tool delete_all⟨U+200B⟩?');
  assert.equal(render(untrusted(new Error('x\u202Ey')), 'plainLine'), 'x⟨U+202E⟩y');
});
