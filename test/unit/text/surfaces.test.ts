import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import {
  iconLineText,
  markdownCode,
  markdownName,
  markdownText,
  nameText,
  notificationText,
  pickText,
} from '../../../src/core/text';
import { HUGE, PAYLOADS } from './payloads';

// markdown-it with raw HTML and linkify switched on is stricter than VS Code's renderer
// (which drops HTML when supportHtml is false): if no link or image survives it, none
// survives VS Code.
const MarkdownIt = createRequire(import.meta.url)('markdown-it') as new (options: object) => { render(src: string): string };
const strict = new MarkdownIt({ html: true, linkify: true });

/** VS Code's notification and quick-input link parser (src/vs/base/common/linkedText.ts). */
const LINKED_TEXT = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^\)\s]+)(?: (["'])(.+?)(\3))?\)/gi;
/** What VS Code draws as a codicon where icons are on. */
const CODICON = /(?<!\\)\$\([a-z0-9-]+(?:~[a-z0-9-]*)?\)/i;

function assertNoActiveMarkdown(markdown: string, payload: string): void {
  const html = strict.render(markdown);
  assert.doesNotMatch(html, /<a\b|<img\b|<script\b/i, `${payload} rendered ${html}`);
  assert.doesNotMatch(html.replace(/<\/?(p|code|pre|strong|br)\b[^>]*>/g, ''), /<[a-z]/i, `${payload} left a tag: ${html}`);
}

for (const [name, payload] of Object.entries(PAYLOADS)) {
  test(`${name}: notifications carry no link`, () => {
    const shown = notificationText(payload);
    assert.equal([...shown.matchAll(LINKED_TEXT)].length, 0, shown);
    assert.ok(!shown.includes('\n'));
  });

  test(`${name}: prompts and validation messages carry no link and no icon`, () => {
    const shown = iconLineText(payload);
    assert.equal([...shown.matchAll(LINKED_TEXT)].length, 0, shown);
    assert.doesNotMatch(shown, CODICON);
  });

  test(`${name}: a quick pick's detail hover carries no link or image`, () => {
    const shown = pickText(payload);
    assert.equal([...shown.matchAll(LINKED_TEXT)].length, 0);
    assert.doesNotMatch(shown, CODICON);
    // VS Code escapes only <, > and & before rendering the detail as Markdown.
    assertNoActiveMarkdown(shown.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!), payload);
  });

  test(`${name}: Markdown text, names and code blocks render as text`, () => {
    assertNoActiveMarkdown(markdownText(payload), payload);
    assertNoActiveMarkdown(markdownName(payload), payload);
    assertNoActiveMarkdown(markdownCode(payload), payload);
  });
}

test('Markdown text keeps every visible character of the payload', () => {
  const html = strict.render(markdownText('a [b](c) `d` <e> *f* https://g.example'));
  const text = html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').trim();
  assert.equal(text, 'a [b](c) `d` <e> *f* https://g.example');
});

test('a code block cannot be closed by the text inside it', () => {
  const html = strict.render(markdownCode('```\n![x](https://evil.example/p.png)\n````\n<img src=x>'));
  assert.equal((html.match(/<pre>/g) ?? []).length, 1);
  assert.doesNotMatch(html, /<img/);
});

test('invisible and look-alike characters are written out in names', () => {
  assert.equal(nameText(PAYLOADS.zeroWidth), 'delete_all⟨U+200B⟩');
  assert.equal(nameText(PAYLOADS.zeroWidthJoiner), 'run⟨U+200D⟩cmd');
  assert.equal(nameText(PAYLOADS.bidi), 'safe⟨U+202E⟩txt.exe');
  assert.equal(nameText(PAYLOADS.cyrillic), 'read_f⟨U+0456⟩le');
  assert.equal(nameText(PAYLOADS.fullwidth), '⟨U+FF52⟩⟨U+FF55⟩⟨U+FF4E⟩');
  assert.equal(nameText('read_file'), 'read_file');
  // A name in one script is left readable.
  assert.equal(nameText('читать_файл'), 'читать_файл');
});

test('prose shows zero-width and bidi characters everywhere', () => {
  assert.equal(notificationText('ok\u200Bok\u202Eok'), 'ok⟨U+200B⟩ok⟨U+202E⟩ok');
  assert.equal(pickText('a\u00A0b'), 'a⟨U+00A0⟩b');
});

test('huge strings are clipped on every surface', () => {
  for (const render of [notificationText, iconLineText, pickText, nameText, markdownText, markdownName]) {
    const shown = render(HUGE);
    assert.ok(shown.length < 3000, `${render.name} gave ${shown.length} characters`);
    assert.match(shown, /more characters/);
  }
  const code = markdownCode(Array.from({ length: 5000 }, () => HUGE.slice(0, 5000)).join('\n'));
  assert.ok(code.length < 100_000, `markdownCode gave ${code.length}`);
});

test('clipping never splits a surrogate pair', () => {
  const shown = notificationText('x'.repeat(499) + '😀'.repeat(10));
  assert.doesNotMatch(shown, /[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
});

test('newlines become a visible mark on one-line surfaces', () => {
  for (const render of [notificationText, iconLineText, pickText, nameText]) assert.ok(!/[\r\n]/.test(render(PAYLOADS.newlines)), render.name);
  assert.match(notificationText('a\nb'), /a ⏎ b/);
});

test('only http and https URLs can be opened', async () => {
  const { openableUrl } = await import('../../../src/core/text');
  assert.equal(openableUrl('https://example.com/a')?.href, 'https://example.com/a');
  assert.equal(openableUrl('http://example.com')?.protocol, 'http:');
  for (const bad of ['command:workbench.action.terminal.new', 'javascript:alert(1)', 'file:///etc/passwd', 'vscode://ms-vscode.x', 'data:text/html,<b>', 'mailto:a@b.c', 'not a url', ' JaVaScRiPt:alert(1)']) {
    assert.equal(openableUrl(bad), undefined, bad);
  }
});

test('terminal text writes out escape sequences: no OSC 8 link, OSC 52 clipboard write or title change', async () => {
  const { terminalText } = await import('../../../src/core/text');
  const hostile = '\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007 \u001b]52;c;Y3VybA==\u0007 \u001b]0;title\u0007 \u009b31m';
  const shown = terminalText(hostile);
  assert.doesNotMatch(shown, /[\u0000-\u001f\u007f-\u009f]/);
  assert.match(shown, /⟨U\+001B⟩\]8;;https/);
  assert.equal(terminalText('a\nb\tc', { keepLines: true }), 'a\nb\tc');
});

test('prose keeps its characters but writes out those that reorder or hide text', async () => {
  const { showReordering } = await import('../../../src/core/text/invisibles');
  assert.equal(showReordering('safe\u202Etxt.exe zero\u200Bwidth café 👨\u200D👩'), 'safe⟨U+202E⟩txt.exe zero⟨U+200B⟩width café 👨\u200D👩');
});
