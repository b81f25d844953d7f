import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { checkVariables, expandVariables, inputIds, type VariableContext } from '../../../src/core/config/variables';

const ctx: VariableContext = {
  kind: 'vscode',
  workspaceFolder: path.join(path.sep, 'work', 'my-server'),
  userHome: path.join(path.sep, 'home', 'ada'),
  env: { API_URL: 'https://api.example.com' },
  inputs: new Map([['key', 'k-1']]),
};

test('expands every supported variable, several per string', () => {
  const { value, errors } = expandVariables('${workspaceFolder}${/}dist ${workspaceFolderBasename} ${userHome}${pathSeparator}x ${env:API_URL} ${input:key}', ctx);
  assert.deepEqual(errors, []);
  const sep = path.sep;
  assert.equal(value, `${ctx.workspaceFolder}${sep}dist my-server ${ctx.userHome}${sep}x https://api.example.com k-1`);
});

test('an unset ${env:NAME} is empty, as in VS Code', () => {
  assert.deepEqual(expandVariables('[${env:NOT_SET}]', ctx), { value: '[]', errors: [] });
});

test('what cannot be expanded is left in place and named', () => {
  const { value, errors } = expandVariables('${command:pick} ${input:other}', ctx);
  assert.equal(value, '${command:pick} ${input:other}');
  assert.deepEqual(errors, ['unknown variable ${command:pick}', 'no value for ${input:other}']);
});

test('inputIds lists the inputs a string uses', () => {
  assert.deepEqual(inputIds('--key=${input:key} --region ${input:region} ${env:X}'), ['key', 'region']);
});

test('checkVariables accepts what expandVariables can expand', () => {
  assert.deepEqual(checkVariables('${workspaceFolder} ${userHome} ${env:A} ${input:key} ${/}', 'vscode', new Set(['key']), true), []);
  assert.deepEqual(checkVariables('${input:missing} ${foo}', 'vscode', new Set(), true), [
    '${input:missing} refers to an input that "inputs" does not define',
    'unknown variable ${foo}',
  ]);
});
