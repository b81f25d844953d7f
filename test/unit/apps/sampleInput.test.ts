import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Ajv } from 'ajv';
import { sampleInput } from '../../../src/core/apps/sampleInput';

test('the schema\'s own values first: default, examples, const, enum', () => {
  assert.deepEqual(
    sampleInput({ type: 'object', properties: { unit: { type: 'string', enum: ['celsius', 'fahrenheit'] }, days: { type: 'integer', default: 3 }, city: { type: 'string', examples: ['Lisbon'] }, kind: { const: 'forecast' } } }),
    { unit: 'celsius', days: 3, city: 'Lisbon', kind: 'forecast' },
  );
});

test('plain values within the bounds, for every property, nested', () => {
  const schema = {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', minLength: 20 },
      count: { type: 'integer', minimum: 5, maximum: 9 },
      ratio: { type: 'number', exclusiveMaximum: 0 },
      when: { type: 'string', format: 'date-time' },
      tags: { type: 'array', items: { type: 'string' }, minItems: 2 },
      owner: { $ref: '#/$defs/person' },
      note: { type: ['string', 'null'], maxLength: 4 },
      flag: { type: 'boolean' },
    },
    $defs: { person: { type: 'object', properties: { email: { type: 'string', format: 'email' } } } },
  };
  const input = sampleInput(schema);
  assert.deepEqual(input, {
    name: 'sample namexxxxxxxxx',
    count: 5,
    ratio: -1,
    when: '2026-01-01T12:00:00Z',
    tags: ['sample tags', 'sample tags'],
    owner: { email: 'ada@example.com' },
    note: 'samp',
    flag: true,
  });
  const ajv = new Ajv({ strict: false });
  assert.ok(ajv.validate(schema, input), JSON.stringify(ajv.errors));
});

test('no schema, or a recursive one, still gives an object', () => {
  assert.deepEqual(sampleInput(undefined), {});
  const recursive = sampleInput({ type: 'object', properties: { next: { $ref: '#' } } });
  assert.ok(typeof recursive === 'object' && recursive !== null);
});
