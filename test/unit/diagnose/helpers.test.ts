import assert from 'node:assert/strict';
import { test } from 'node:test';
import { paramDetails } from '../../../src/core/diagnose/paramDetails';
import { hintForStderr, tellingLine } from '../../../src/core/diagnose/stderrClues';

test('paramDetails: message text, {field, allowed} data, ajv errors, zod issues', () => {
  assert.deepEqual(paramDetails('Invalid arguments: field `op` must be one of: add, sub', undefined), { fields: ['op'], permitted: ['add', 'sub'] });
  assert.deepEqual(paramDetails('bad', { field: 'unit', allowed: ['c', 'f'] }), { fields: ['unit'], permitted: ['c', 'f'] });
  assert.deepEqual(paramDetails('bad', [{ instancePath: '/opts/mode', params: { allowedValues: ['fast', 'slow'] } }]), {
    fields: ['opts.mode'],
    permitted: ['fast', 'slow'],
  });
  const zod = [{ code: 'invalid_enum_value', options: ['a', 'b'], path: ['kind'], message: 'Invalid enum value' }];
  assert.deepEqual(paramDetails(`Invalid arguments for tool t: ${JSON.stringify(zod)}`, undefined), { fields: ['kind'], permitted: ['a', 'b'] });
  assert.deepEqual(paramDetails('"city" is required', undefined), { fields: ['city'] });
  assert.deepEqual(paramDetails('Invalid params', undefined), { fields: [] });
});

test('tellingLine: the error line, not the code frame; a traceback by its last line; else the last line', () => {
  const node = ['node:internal/modules/cjs/loader:1228', '  throw err;', "Error: Cannot find module 'x'", "  code: 'MODULE_NOT_FOUND'"];
  assert.equal(tellingLine(node.map((text, i) => ({ seq: i + 1, text })))?.text, "Error: Cannot find module 'x'");
  const py = ['Traceback (most recent call last):', '  File "s.py", line 3', 'KeyError: \'API_KEY\''];
  assert.equal(tellingLine(py.map((text, i) => ({ seq: i + 1, text })))?.text, "KeyError: 'API_KEY'");
  assert.equal(tellingLine([{ seq: 1, text: 'usage: server --port N' }, { seq: 2, text: '' }])?.text, 'usage: server --port N');
  assert.equal(tellingLine([]), undefined);
  assert.match(hintForStderr("ModuleNotFoundError: No module named 'mcp'") ?? '', /pip install/);
  assert.equal(hintForStderr('KeyError: x'), undefined);
});
