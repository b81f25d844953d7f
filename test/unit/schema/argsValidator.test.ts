/** Argument validation before sending: the dialect the schema declares, errors at the field. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { schemaDialect, validateArguments } from '../../../src/core/schema/argsValidator';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';

const forecast = {
  $schema: DRAFT_07,
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 2 },
    days: { type: 'integer', minimum: 1, maximum: 14 },
    units: { enum: ['metric', 'imperial'] },
    start: { type: 'string', format: 'date' },
    code: { type: 'string', pattern: '^[A-Z]{3}$' },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 2, uniqueItems: true },
    step: { type: 'number', multipleOf: 0.5, exclusiveMinimum: 0 },
  },
  required: ['city', 'days'],
  additionalProperties: false,
};

describe('dialect', () => {
  test('as the schema declares, else by protocol revision (2020-12 from 2025-11-25 on)', () => {
    assert.equal(schemaDialect({ $schema: DRAFT_07 }), 'draft-07');
    assert.equal(schemaDialect({ $schema: 'http://json-schema.org/draft-04/schema#' }, '2026-07-28'), 'draft-07');
    assert.equal(schemaDialect({ $schema: DRAFT_2020 }, '2024-11-05'), '2020-12');
    assert.equal(schemaDialect({ $schema: 'https://json-schema.org/draft/2019-09/schema' }), '2019-09');
    assert.equal(schemaDialect({}, '2025-06-18'), 'draft-07');
    assert.equal(schemaDialect({}, '2025-11-25'), '2020-12');
    assert.equal(schemaDialect({}, '2026-07-28'), '2020-12');
    assert.equal(schemaDialect({}), '2020-12');
  });

  test('the dialect changes the verdict: dependentRequired exists only from 2019-09 on', () => {
    const schema = { type: 'object', properties: { a: {}, b: {} }, dependentRequired: { a: ['b'] } };
    assert.equal(validateArguments(schema, { a: 1 }, { protocolVersion: '2025-06-18' }).valid, true);
    const modern = validateArguments(schema, { a: 1 }, { protocolVersion: '2025-11-25' });
    assert.equal(modern.valid, false);
    assert.equal(modern.dialect, '2020-12');
  });

  test('2020-12 prefixItems are checked; draft-04 boolean exclusive bounds are understood', () => {
    const tuple = { $schema: DRAFT_2020, type: 'object', properties: { p: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }] } } };
    assert.deepEqual(validateArguments(tuple, { p: [1, 2] }).errors, [{ path: '/p/1', message: 'Must be a string' }]);
    const old = { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', properties: { x: { type: 'number', minimum: 0, exclusiveMinimum: true } } };
    assert.deepEqual(validateArguments(old, { x: 0 }).errors, [{ path: '/x', message: 'Must be > 0' }]);
  });
});

describe('errors keyed by field, in words', () => {
  test('valid arguments pass', () => {
    assert.deepEqual(validateArguments(forecast, { city: 'Oslo', days: 3, units: 'metric', start: '2026-07-28', code: 'OSL', tags: ['a'], step: 1.5 }), {
      valid: true,
      errors: [],
      dialect: 'draft-07',
    });
  });

  test('every common keyword, each at its own field', () => {
    const result = validateArguments(forecast, {
      city: 'O',
      days: 20,
      units: 'kelvin',
      start: 'tomorrow',
      code: 'osl',
      tags: ['a', 'a', 'b'],
      step: 0.3,
      unknown: true,
    });
    assert.equal(result.valid, false);
    assert.deepEqual(
      result.errors.map((e) => [e.path, e.message]),
      [
        ['/unknown', '"unknown" is not a parameter of this tool'],
        ['/city', 'Must be at least 2 characters'],
        ['/days', 'Must be ≤ 14'],
        ['/units', 'Must be one of: "metric", "imperial"'],
        ['/start', 'Must be a valid date'],
        ['/code', 'Must match the pattern ^[A-Z]{3}$'],
        ['/tags', 'Takes at most 2 items'],
        ['/tags', 'Items 0 and 1 are the same; every item must be different'],
        ['/step', 'Must be a multiple of 0.5'],
      ],
    );
  });

  test('a missing required property is reported at the property, a wrong type by name', () => {
    assert.deepEqual(validateArguments(forecast, { days: 'three' }).errors, [
      { path: '/city', message: 'Required' },
      { path: '/days', message: 'Must be a whole number' },
    ]);
  });

  test('nested paths go down through arrays and objects', () => {
    const schema = { type: 'object', properties: { edits: { type: 'array', items: { type: 'object', properties: { oldText: { type: 'string' } }, required: ['oldText'] } } } };
    assert.deepEqual(validateArguments(schema, { edits: [{ oldText: 'a' }, {}, { oldText: 1 }] }).errors, [
      { path: '/edits/1/oldText', message: 'Required' },
      { path: '/edits/2/oldText', message: 'Must be a string' },
    ]);
  });
});

describe('oneOf / anyOf', () => {
  const shapes = {
    type: 'object',
    properties: {
      shape: { oneOf: [{ $ref: '#/$defs/Circle' }, { $ref: '#/$defs/Square' }] },
      note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    },
    $defs: {
      Circle: { type: 'object', properties: { kind: { const: 'circle' }, r: { type: 'number', exclusiveMinimum: 0 } }, required: ['kind', 'r'] },
      Square: { type: 'object', properties: { kind: { const: 'square' }, side: { type: 'number' } }, required: ['kind', 'side'] },
    },
  };

  test('the errors of the variant the discriminator names, not of every variant', () => {
    assert.deepEqual(validateArguments(shapes, { shape: { kind: 'circle', r: -1 } }).errors, [{ path: '/shape/r', message: 'Must be > 0' }]);
    assert.deepEqual(validateArguments(shapes, { shape: { kind: 'square' } }).errors, [{ path: '/shape/side', message: 'Required' }]);
  });

  test('a nullable value of the wrong type: "Must be a string or null"', () => {
    assert.deepEqual(validateArguments(shapes, { note: 5 }).errors, [{ path: '/note', message: 'Must be a string or null' }]);
    assert.equal(validateArguments(shapes, { note: null }).valid, true);
  });

  test('no variant fits at all: the allowed forms are named', () => {
    assert.deepEqual(validateArguments(shapes, { shape: { kind: 'hexagon' } }).errors, [
      { path: '/shape', message: 'Does not match any of the allowed forms (Circle, Square)' },
    ]);
  });

  test('oneOf matched twice says so', () => {
    const schema = { type: 'object', properties: { n: { oneOf: [{ type: 'number' }, { type: 'integer' }] } } };
    assert.deepEqual(validateArguments(schema, { n: 2 }).errors, [
      { path: '/n', message: 'Matches more than one allowed form (a number and a whole number); it must match exactly one' },
    ]);
  });

  test('a root anyOf of required sets (one of two arguments)', () => {
    const schema = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } }, anyOf: [{ required: ['id'] }, { required: ['name'] }] };
    const result = validateArguments(schema, {});
    assert.equal(result.valid, false);
    assert.deepEqual(result.errors, [{ path: '/id', message: 'Required' }]);
    assert.equal(validateArguments(schema, { name: 'x' }).valid, true);
  });
});

describe('schemas that cannot be compiled and the cache', () => {
  test('an uncompilable schema blocks nothing and says why', () => {
    const result = validateArguments({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }, { a: 1 });
    assert.equal(result.valid, true);
    assert.match(result.schemaProblem ?? '', /cannot be compiled: can't resolve reference #\/\$defs\/missing/);
  });

  test('two different schemas with the same $id are each checked against their own rules', () => {
    const a = { $id: 'urn:tool:args', type: 'object', properties: { x: { type: 'string' } } };
    const b = { $id: 'urn:tool:args', type: 'object', properties: { x: { type: 'number' } } };
    assert.equal(validateArguments(a, { x: 's' }).valid, true);
    assert.equal(validateArguments(b, { x: 's' }).valid, false);
    assert.equal(validateArguments(a, { x: 1 }).valid, false);
  });

  test('a re-listed schema (a new object with the same content) gives the same answer', () => {
    const first = validateArguments(structuredClone(forecast), { city: 'Oslo' });
    const again = validateArguments(structuredClone(forecast), { city: 'Oslo' });
    assert.deepEqual(again, first);
    assert.deepEqual(first.errors, [{ path: '/days', message: 'Required' }]);
  });
});
