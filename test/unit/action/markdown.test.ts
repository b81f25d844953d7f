import assert from 'node:assert/strict';
import { test } from 'node:test';
// @ts-expect-error: a plain .mjs script of the action, without types
import { code } from '../../../scripts/action/markdown.mjs';
// @ts-expect-error: a plain .mjs script of the action, without types
import { printable, splitWords } from '../../../scripts/action/commandLine.mjs';

test('server text in the job summary is an inert one-line code span that keeps the table intact', () => {
  assert.equal(code('<img src=x onerror=alert(1)> [x](https://evil.example) @octocat'), '`<img src=x onerror=alert(1)> [x](https://evil.example) @octocat`');
  assert.equal(code('a|b'), '`a\\|b`');
  assert.equal(code('uses `x` here'), '``uses `x` here``');
  assert.equal(code('`x`'), '`` `x` ``');
  assert.equal(code('line one\nline\ttwo'), '`line one line two`');
  assert.equal(code('evil\u202Efdp.exe\u0007'), '`evilU+202Efdp.exeU+0007`');
  assert.equal(code(''), '(empty)');
  assert.equal(code('x'.repeat(500)).length, 162);
});

test('the server input splits like a shell command line, and headers never print their values', () => {
  assert.deepEqual(splitWords(`node "my server.mjs" --name 'a b' x\\ y $HOME`), ['node', 'my server.mjs', '--name', 'a b', 'x y', '$HOME']);
  assert.throws(() => splitWords('node "open'), /unterminated " quote/);
  assert.equal(printable(['check', '--url', 'http://127.0.0.1/mcp', '--header', 'Authorization: Bearer s3cret']), 'check --url http://127.0.0.1/mcp --header "Authorization: ***"');
});
