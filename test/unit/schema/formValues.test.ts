/** Drafts ⇄ arguments: prefill from last arguments or defaults, and back, leaving out empty optional fields. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildFormModel, type ObjectDraft, type VariantsField } from '../../../src/core/schema/formModel';
import { fieldDraft, initialValue, pickVariant, toArguments } from '../../../src/core/schema/formValues';

const weather = buildFormModel({
  type: 'object',
  properties: {
    city: { type: 'string' },
    days: { type: 'integer', minimum: 1, default: 3 },
    units: { enum: ['metric', 'imperial'], default: 'metric' },
    alerts: { type: 'boolean' },
    note: { type: ['string', 'null'] },
    tags: { type: 'array', items: { type: 'string' } },
    where: { type: 'object', properties: { lat: { type: 'number' }, lon: { type: 'number' } } },
    extra: { type: 'object', additionalProperties: { type: 'string' } },
    raw: {},
  },
  required: ['city'],
});

describe('initialValue', () => {
  test('defaults fill the form; other fields start empty', () => {
    assert.deepEqual(initialValue(weather), {
      fields: {
        city: undefined,
        days: '3',
        units: 0,
        alerts: undefined,
        note: undefined,
        tags: [],
        where: { fields: { lat: undefined, lon: undefined }, extra: [] },
        extra: { fields: {}, extra: [] },
        raw: undefined,
      },
      extra: [],
    });
  });

  test('last arguments win over defaults, for every kind', () => {
    const last = { city: 'Oslo', days: 5, units: 'imperial', alerts: false, note: null, tags: ['a'], where: { lat: 59.9 }, extra: { k: 'v' }, raw: { any: [1] } };
    const draft = initialValue(weather, last) as ObjectDraft;
    assert.deepEqual(draft.fields, {
      city: 'Oslo',
      days: '5',
      units: 1,
      alerts: false,
      note: null,
      tags: ['a'],
      where: { fields: { lat: '59.9', lon: undefined }, extra: [] },
      extra: { fields: {}, extra: [{ key: 'k', value: 'v' }] },
      raw: '{\n  "any": [\n    1\n  ]\n}',
    });
    assert.deepEqual(toArguments(weather, draft), { args: last, errors: [] });
  });

  test('default: null (Optional[X] = None) leaves the field empty, so nothing extra is sent', () => {
    const m = buildFormModel({ type: 'object', properties: { days: { anyOf: [{ type: 'integer' }, { type: 'null' }], default: null } } });
    assert.deepEqual(initialValue(m), { fields: { days: undefined }, extra: [] });
    assert.deepEqual(toArguments(m, initialValue(m)).args, {});
  });

  test('a stale enum value from the last run is dropped, not sent', () => {
    const draft = initialValue(weather, { city: 'x', units: 'kelvin' }) as ObjectDraft;
    assert.equal(draft.fields.units, undefined);
  });

  test('a required list with minItems starts with that many blank items', () => {
    const m = buildFormModel({ type: 'object', properties: { ids: { type: 'array', minItems: 2, items: { type: 'integer' } } }, required: ['ids'] });
    assert.deepEqual((initialValue(m) as ObjectDraft).fields.ids, [undefined, undefined]);
  });
});

describe('toArguments', () => {
  test('empty optional fields are left out; numbers are converted from their text', () => {
    const draft = initialValue(weather) as ObjectDraft;
    draft.fields.city = 'Paris';
    draft.fields.note = '';
    assert.deepEqual(toArguments(weather, draft), { args: { city: 'Paris', days: 3, units: 'metric' }, errors: [] });
  });

  test('an empty required string is the empty string; a missing one is left for the validator', () => {
    const draft = initialValue(weather) as ObjectDraft;
    assert.deepEqual(toArguments(weather, draft).args, { days: 3, units: 'metric' });
    draft.fields.city = '';
    assert.deepEqual(toArguments(weather, draft).args, { city: '', days: 3, units: 'metric' });
  });

  test('text that is not a number, invalid JSON and map mistakes are errors at their field', () => {
    const draft = initialValue(weather, { city: 'x' }) as ObjectDraft;
    draft.fields.days = '3 days';
    draft.fields.raw = '{"a":';
    (draft.fields.extra as ObjectDraft).extra = [
      { key: 'a', value: '1' },
      { key: 'a', value: '2' },
      { key: '', value: '3' },
      { key: '', value: undefined },
    ];
    const { args, errors } = toArguments(weather, draft);
    assert.deepEqual(args, { city: 'x', units: 'metric', extra: { a: '1' } });
    assert.deepEqual(
      errors.map((e) => e.path),
      ['/days', '/extra/a', '/extra/', '/raw'],
    );
    assert.equal(errors[0].message, '"3 days" is not a number');
    assert.match(errors[3].message, /^Invalid JSON: /);
  });

  test('blank list items stay in place (as null) and are named', () => {
    const m = buildFormModel({ type: 'object', properties: { ids: { type: 'array', items: { type: 'integer' } } } });
    const { args, errors } = toArguments(m, { fields: { ids: ['1', '', '3'] }, extra: [] });
    assert.deepEqual(args, { ids: [1, null, 3] });
    assert.deepEqual(errors, [{ path: '/ids/1', message: 'Fill in this item or remove it' }]);
  });

  test('an explicit null is sent only for nullable fields', () => {
    const draft = initialValue(weather, { city: 'x', note: null }) as ObjectDraft;
    draft.fields.alerts = null;
    assert.deepEqual(toArguments(weather, draft).args, { city: 'x', days: 3, units: 'metric', note: null });
  });

  test('keys that need escaping in a JSON Pointer are escaped in error paths', () => {
    const m = buildFormModel({ type: 'object', properties: { 'a/b~c': { type: 'number' } } });
    assert.deepEqual(toArguments(m, { fields: { 'a/b~c': 'x' }, extra: [] }).errors, [{ path: '/a~1b~0c', message: '"x" is not a number' }]);
  });
});

describe('variants', () => {
  const shapes = buildFormModel({
    type: 'object',
    properties: {
      shape: {
        oneOf: [
          { type: 'object', properties: { kind: { const: 'circle' }, r: { type: 'number' } }, required: ['kind', 'r'] },
          { type: 'object', properties: { kind: { const: 'square' }, side: { type: 'number' } }, required: ['kind', 'side'] },
        ],
      },
      limit: { anyOf: [{ type: 'integer' }, { type: 'string', enum: ['all'] }] },
    },
  });
  const shapeField = (shapes.root as { fields: VariantsField[] }).fields[0];

  test('the discriminating constant picks the variant of last arguments', () => {
    assert.equal(pickVariant(shapeField, { kind: 'square', side: 2 }), 1);
    assert.equal(pickVariant(shapeField, { kind: 'circle' }), 0);
    const draft = initialValue(shapes, { shape: { kind: 'square', side: 2 }, limit: 'all' }) as ObjectDraft;
    assert.deepEqual(draft.fields.shape, { variant: 1, value: { fields: { kind: true, side: '2' }, extra: [] } });
    assert.deepEqual(draft.fields.limit, { variant: 1, value: 0 });
    assert.deepEqual(toArguments(shapes, draft).args, { shape: { kind: 'square', side: 2 }, limit: 'all' });
  });

  test('an untouched optional choice is left out, though its discriminator is preset', () => {
    assert.deepEqual(toArguments(shapes, initialValue(shapes)), { args: {}, errors: [] });
  });

  test('switching variant: fieldDraft gives the new variant a fresh draft with its constant set', () => {
    const fresh = fieldDraft(shapeField.variants[0].field);
    assert.deepEqual(fresh, { fields: { kind: true, r: undefined }, extra: [] });
    (fresh as ObjectDraft).fields.r = '2';
    const { args } = toArguments(shapes, { fields: { shape: { variant: 0, value: fresh } }, extra: [] });
    assert.deepEqual(args, { shape: { kind: 'circle', r: 2 } });
  });
});

test('drafts survive JSON (webview setState) with the same arguments', () => {
  const draft = initialValue(weather, { city: 'Rome', tags: ['x', 'y'], where: { lat: 1, lon: 2 } });
  const revived = JSON.parse(JSON.stringify(draft)) as typeof draft;
  assert.deepEqual(toArguments(weather, revived), toArguments(weather, draft));
});
