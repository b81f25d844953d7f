import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildFormModel } from '../../../../src/core/schema/formModel';
import { argumentHead, bounds, checkScalar, simpleFields, type SimpleField } from '../../../../src/extension/tools/scalarFields';

test('a few flat scalars are asked for in quick inputs; arrays, objects, maps and nullables open the form', () => {
  const simple = simpleFields(buildFormModel({ type: 'object', properties: { value: { type: 'number' }, from: { enum: ['c', 'f'] }, exact: { type: 'boolean' } }, required: ['value'] }));
  assert.deepEqual(simple?.map((f) => f.key), ['value', 'from', 'exact']);
  assert.deepEqual(simpleFields(buildFormModel({ type: 'object' })), []);
  assert.equal(simpleFields(buildFormModel({ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } })), undefined);
  assert.equal(simpleFields(buildFormModel({ type: 'object', properties: { at: { type: 'object', properties: { x: { type: 'number' } } } } })), undefined);
  assert.equal(simpleFields(buildFormModel({ type: 'object', additionalProperties: { type: 'string' } })), undefined);
  assert.equal(simpleFields(buildFormModel({ type: 'object', properties: { note: { type: ['string', 'null'] } } })), undefined);
});

test('input boxes check numbers, bounds, lengths and patterns as the user types', () => {
  const [days, city] = simpleFields(buildFormModel({
    type: 'object',
    properties: { days: { type: 'integer', minimum: 1, maximum: 7 }, city: { type: 'string', minLength: 2, pattern: '^[A-Z]' } },
    required: ['days'],
  })) as SimpleField[];
  assert.equal(checkScalar(days, '3'), undefined);
  assert.equal(checkScalar(days, '9'), 'Must be at most 7');
  assert.equal(checkScalar(days, '2.5'), 'Must be an integer');
  assert.equal(checkScalar(days, 'abc'), 'Enter an integer from 1 to 7');
  assert.equal(checkScalar(days, ''), 'Enter an integer from 1 to 7');
  assert.equal(checkScalar(city, ''), undefined, 'optional: empty leaves it out');
  assert.equal(checkScalar(city, 'L'), 'At least 2 characters');
  assert.equal(checkScalar(city, 'lisbon'), 'Must match ^[A-Z]');
  assert.equal(checkScalar(city, 'Lisbon'), undefined);

  // zod's .int() bounds (chrome-devtools-mcp's timeout) are the safe-integer limits: not said.
  const [timeout] = simpleFields(buildFormModel({ type: 'object', properties: { timeout: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 } } })) as SimpleField[];
  assert.equal(bounds(timeout as Parameters<typeof bounds>[0]), 'an integer');
  assert.equal(checkScalar(timeout, 'abc'), 'Enter an integer');
});

test('a palette prompt names the argument by its key, type and need, not by a generated title', () => {
  const fields = simpleFields(buildFormModel({
    type: 'object',
    properties: { a: { type: 'number', title: 'A' }, units: { enum: ['c', 'f'] }, when: { type: 'string', title: 'Start date' } },
    required: ['a'],
  })) as SimpleField[];
  assert.deepEqual(fields.map(argumentHead), ['a · number · required', 'units · one of 2 · optional', 'when (Start date) · string · optional']);
});
