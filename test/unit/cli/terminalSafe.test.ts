// The CLI's last guard before the terminal: its own colours pass, every other control character is written out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createStyle } from '../../../src/cli/style';
import { terminalSafe } from '../../../src/cli/terminalSafe';

test('the CLI\'s own colours and line breaks pass unchanged', () => {
  const s = createStyle(true);
  const text = `${s.bold('weather')} ${s.dim('2 tools')}\n\t${s.red('✗')} ${s.yellow('w')} ${s.green('✓')} ${s.cyan('c')} ${s.magenta('m')}`;
  assert.equal(terminalSafe(text), text);
});

test('a link (OSC 8), a clipboard write (OSC 52), a cursor move, a carriage return, a bell and C1 controls are written out', () => {
  assert.equal(terminalSafe('\u001b]8;;http://x\u0007L\u001b]8;;\u0007'), '⟨U+001B⟩]8;;http://x⟨U+0007⟩L⟨U+001B⟩]8;;⟨U+0007⟩');
  assert.equal(terminalSafe('\u001b]52;c;ZXZpbA==\u0007'), '⟨U+001B⟩]52;c;ZXZpbA==⟨U+0007⟩');
  assert.equal(terminalSafe('a\u001b[2Ab\rc'), 'a⟨U+001B⟩[2Ab⟨U+000D⟩c');
  assert.equal(terminalSafe('\u009b31m\u0085'), '⟨U+009B⟩31m⟨U+0085⟩');
  // A colour the CLI never writes (conceal) is a server's, not ours.
  assert.equal(terminalSafe('\u001b[8mhidden'), '⟨U+001B⟩[8mhidden');
});
