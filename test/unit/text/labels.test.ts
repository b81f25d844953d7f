// Tree labels built from server text: the markup-labels fixture's names and titles, as the
// Servers and Messages views draw them. Every one reads as something, and nothing it holds
// hides, reorders or blanks the row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BLANK_TEXT, EMPTY_NAME, labelText, MAX_SURFACE_CHARS, nameText, nonBlank } from '../../../src/core/text';

const DRAWS_NOTHING = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** A label draws something: some letter, digit, sign or mark that is not a space. */
function readable(label: string): boolean {
  return /[\p{L}\p{N}\p{S}\p{P}]/u.test(label) && !DRAWS_NOTHING.test(label);
}

test('a title with HTML, control and bidi characters reads as its text, with those written out', () => {
  const shown = labelText('<b>Bold</b> <img src=x onerror=alert(1)>\u0007 title\u202E');
  assert.equal(shown, '<b>Bold</b> <img src=x onerror=alert(1)>⟨U+0007⟩ title⟨U+202E⟩');
});

test('whitespace in a title collapses to single spaces; line breaks and tabs included', () => {
  assert.equal(labelText('  Render\t\tthe\r\n\n  <b>markup</b>\u00A0\u3000now  '), 'Render the <b>markup</b> now');
});

test('a zero-width character is written out, not collapsed away', () => {
  assert.equal(labelText('a\u200Bb\uFEFF'), 'a⟨U+200B⟩b⟨U+FEFF⟩');
});

test('a title of blanks and invisibles still shows the invisible one', () => {
  assert.equal(labelText('\t\u00A0\u3000\u200B\r\n'), '⟨U+200B⟩');
});

test('a long title is clipped with an ellipsis that says how much was left out', () => {
  const shown = labelText(`${'word '.repeat(200)}end`);
  assert.ok(shown.length < MAX_SURFACE_CHARS + 40, `${shown.length} characters`);
  assert.match(shown, /… \(\d+ more characters\)$/);
});

test('names that would be blank read as something, and differ from each other', () => {
  const names = ['', ' ', '   ', '\u200B\u200D\u2060', '\u0000', '\t', '\u202E'];
  const shown = names.map((n) => nameText(n));
  for (const [i, label] of shown.entries()) assert.ok(readable(label), `${JSON.stringify(names[i])} shows ${JSON.stringify(label)}`);
  assert.equal(new Set(shown).size, names.length, `two names look alike: ${JSON.stringify(shown)}`);
  assert.equal(nameText(''), EMPTY_NAME);
  assert.equal(nameText('   '), '⟨U+0020⟩⟨U+0020⟩⟨U+0020⟩');
});

test('the spaces a name would lose or merge are written out; a single inner space stays', () => {
  assert.equal(nameText('run '), 'run⟨U+0020⟩');
  assert.equal(nameText(' run'), '⟨U+0020⟩run');
  assert.equal(nameText('run  it'), 'run⟨U+0020⟩⟨U+0020⟩it');
  assert.equal(nameText('run it'), 'run it');
  assert.notEqual(nameText('run '), nameText('run'));
});

test('a name with markup and control characters reads as its text', () => {
  assert.equal(nameText('<script>alert(1)</script>\u0000**run**\u001b[31m'), '<script>alert(1)</script>⟨U+0000⟩**run**⟨U+001B⟩[31m');
  assert.equal(nameText('[summarise](command:workbench.action.terminal.new)\u0008\u2066'), '[summarise](command:workbench.action.terminal.new)⟨U+0008⟩⟨U+2066⟩');
});

test('a whole label that would draw nothing says so; any other label passes as it is', () => {
  assert.equal(nonBlank(''), BLANK_TEXT);
  assert.equal(nonBlank(`${labelText('  \t ')} ${labelText('')}`), BLANK_TEXT);
  assert.equal(nonBlank('tools/list #3'), 'tools/list #3');
  assert.ok(readable(BLANK_TEXT) && readable(EMPTY_NAME));
});
