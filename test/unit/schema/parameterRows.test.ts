import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parameterRows } from '../../../src/core/schema/parameterRows';

test('a tool hover lists parameters: name, type, required, description — no $schema, no raw JSON', () => {
  // What the official TypeScript SDK emits for a zod shape.
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      city: { type: 'string', description: 'City name' },
      days: { type: 'integer', minimum: 1 },
      units: { enum: ['c', 'f'] },
      tags: { type: 'array', items: { type: 'string' } },
      at: { type: 'string', format: 'date-time' },
      note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      mystery: {},
    },
    required: ['city'],
    additionalProperties: false,
  };
  assert.deepEqual(parameterRows(schema), [
    { name: 'city', type: 'string', required: true, description: 'City name' },
    { name: 'days', type: 'integer', required: false, description: '' },
    { name: 'units', type: '"c" | "f"', required: false, description: '' },
    { name: 'tags', type: 'string[]', required: false, description: '' },
    { name: 'at', type: 'string (date-time)', required: false, description: '' },
    { name: 'note', type: 'string | null', required: false, description: '' },
    { name: 'mystery', type: 'any', required: false, description: '' },
  ]);
});

test('no properties, or no schema at all, is no parameters', () => {
  assert.deepEqual(parameterRows({ type: 'object' }), []);
  assert.deepEqual(parameterRows(undefined), []);
  assert.deepEqual(parameterRows({ type: 'object', properties: [] }), []);
});
