import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseEnvFile } from '../../../src/core/config/envFile';
import { fixture } from './helpers';

test('parses KEY=VALUE with comments, quotes, escapes and export', () => {
  const { env, problems } = parseEnvFile(readFileSync(fixture('good', '.env'), 'utf8'));
  assert.deepEqual(problems, []);
  assert.deepEqual(env, {
    PLAIN: 'value',
    QUOTED: 'a "quoted" value\nnext',
    SINGLE: 'kept $literally # not a comment',
    EXPORTED: 'yes',
    API_KEY: 'from-env-file',
  });
});

test('a quoted value may span lines; CRLF and a BOM are tolerated', () => {
  const { env, problems } = parseEnvFile('\uFEFFA="line one\r\nline two"\r\nB=2\r\n');
  assert.deepEqual(problems, []);
  assert.deepEqual(env, { A: 'line one\nline two', B: '2' });
});

test('bad lines are reported with their line number and the rest still parses', () => {
  const { env, problems } = parseEnvFile('GOOD=1\nnot a pair\n1BAD=x\nOPEN="never closed\nEMPTY=\n');
  assert.deepEqual(env, { GOOD: '1' });
  assert.deepEqual(problems, [
    { line: 2, message: 'expected KEY=VALUE, found "not a pair"' },
    { line: 3, message: '"1BAD" is not a valid variable name' },
    { line: 4, message: 'unterminated " quote in the value of OPEN' },
  ]);
});
