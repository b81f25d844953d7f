import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'jsonc-parser';

const read = (rel: string) => readFileSync(fileURLToPath(new URL(rel, import.meta.url)), 'utf8');
const schema = JSON.parse(read('../../../schemas/mcptest.schema.json'));
const validate = addFormats(new Ajv({ strict: true, strictRequired: false, allErrors: true, allowUnionTypes: true })).compile(schema);

test('the fixture test file is valid against the contributed JSON Schema', () => {
  assert.equal(validate(parse(read('../../fixtures/testing/weather.mcptest.json'))), true, JSON.stringify(validate.errors));
});

test('the schema flags what the reader rejects: no server, a test without a name, an unknown expectation', () => {
  assert.equal(validate({ tests: [] }), false);
  assert.equal(validate({ server: 'w', tests: [{ tool: 't' }] }), false);
  assert.equal(validate({ server: 'w', tests: [{ name: 'n', tool: 't', expect: { isErorr: true } }] }), false);
  assert.equal(validate({ server: 'w', command: ['node'], tests: [] }), false, 'server and command are exclusive');
  assert.equal(validate({ command: ['node', 's.js'], tests: [{ name: 'n', tool: 't', expect: { noDiagnostics: 'warning', maxLatencyMs: 50 } }] }), true);
});
