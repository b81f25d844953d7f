/** Hand-written schemas, one feature each: what the form shows for it. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildFormModel, type Field, type ObjectField } from '../../../src/core/schema/formModel';

/** The root's fields by key. */
function fieldsOf(schema: unknown): Record<string, Field> {
  const root = buildFormModel(schema).root;
  assert.equal(root.kind, 'object');
  return Object.fromEntries((root as ObjectField).fields.map((f) => [f.key!, f]));
}

/** The one field of `{ type: object, properties: { x: schema } }`. */
function one(schema: unknown, extra: Record<string, unknown> = {}): Field {
  return fieldsOf({ type: 'object', properties: { x: schema }, ...extra }).x;
}

describe('strings', () => {
  test('enum becomes a select with the values as labels', () => {
    const f = one({ type: 'string', enum: ['c', 'f'] });
    assert.equal(f.kind, 'enum');
    assert.deepEqual(f.kind === 'enum' && f.options, [
      { value: 'c', label: 'c' },
      { value: 'f', label: 'f' },
    ]);
  });

  test('legacy enumNames label the options', () => {
    const f = one({ type: 'string', enum: ['c', 'f'], enumNames: ['Celsius', 'Fahrenheit'] });
    assert.deepEqual(f.kind === 'enum' && f.options.map((o) => o.label), ['Celsius', 'Fahrenheit']);
  });

  test('oneOf of titled constants is a select labelled by the titles', () => {
    const f = one({ type: 'string', oneOf: [{ const: 'c', title: 'Celsius', description: '°C' }, { const: 'f', title: 'Fahrenheit' }] });
    assert.equal(f.kind, 'enum');
    assert.deepEqual(f.kind === 'enum' && f.options, [
      { value: 'c', label: 'Celsius', description: '°C' },
      { value: 'f', label: 'Fahrenheit' },
    ]);
  });

  test('format, a readable format hint, pattern and length bounds', () => {
    assert.deepEqual(one({ type: 'string', format: 'date', pattern: '^2', minLength: 10, maxLength: 10, title: 'Day' }), {
      kind: 'string',
      key: 'x',
      label: 'Day',
      required: false,
      nullable: false,
      format: 'date',
      formatHint: 'YYYY-MM-DD',
      pattern: '^2',
      minLength: 10,
      maxLength: 10,
    });
    const unknownFormat = one({ type: 'string', format: 'color' });
    assert.equal(unknownFormat.kind === 'string' && unknownFormat.format, 'color');
    assert.equal(unknownFormat.kind === 'string' && unknownFormat.formatHint, undefined);
  });
});

describe('numbers and booleans', () => {
  test('integer with inclusive and exclusive bounds and multipleOf', () => {
    const f = one({ type: 'integer', minimum: 1, exclusiveMaximum: 15, multipleOf: 1 });
    assert.equal(f.kind, 'integer');
    assert.equal(f.kind === 'integer' && f.minimum, 1);
    assert.equal(f.kind === 'integer' && f.exclusiveMaximum, 15);
    assert.equal(f.kind === 'integer' && f.multipleOf, 1);
  });

  test('draft-04 boolean exclusiveMinimum becomes the numeric bound', () => {
    const f = one({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: false });
    assert.equal(f.kind === 'number' && f.exclusiveMinimum, 0);
    assert.equal(f.kind === 'number' && f.minimum, undefined);
    assert.equal(f.kind === 'number' && f.maximum, 1);
    assert.equal(f.kind === 'number' && f.exclusiveMaximum, undefined);
  });

  test('boolean with a default', () => {
    assert.deepEqual(one({ type: 'boolean', default: true, description: 'Include images' }), {
      kind: 'boolean',
      key: 'x',
      label: 'x',
      description: 'Include images',
      required: false,
      nullable: false,
      default: true,
    });
  });

  test('a type-less schema says what it is by its keywords', () => {
    assert.equal(one({ minimum: 3 }).kind, 'number');
    assert.equal(one({ pattern: 'a' }).kind, 'string');
    assert.equal(one({ items: { type: 'string' } }).kind, 'array');
  });
});

describe('objects and arrays', () => {
  test('required markers, titles and declaration order', () => {
    const root = buildFormModel({
      type: 'object',
      properties: { city: { type: 'string', title: 'City' }, days: { type: 'integer' }, units: { type: 'string' } },
      required: ['days', 'city'],
    }).root as ObjectField;
    assert.deepEqual(
      root.fields.map((f) => [f.key, f.label, f.required]),
      [
        ['city', 'City', true],
        ['days', 'days', true],
        ['units', 'units', false],
      ],
    );
  });

  test('nested objects keep their own required lists', () => {
    const f = one({ type: 'object', properties: { lat: { type: 'number' }, lon: { type: 'number' } }, required: ['lat'] }, { required: ['x'] });
    assert.equal(f.kind, 'object');
    assert.equal(f.required, true);
    assert.deepEqual(f.kind === 'object' && f.fields.map((c) => `${c.key}${c.required ? '*' : ''}`), ['lat*', 'lon']);
  });

  test('arrays of objects with bounds and uniqueness', () => {
    const f = one({ type: 'array', minItems: 1, maxItems: 3, uniqueItems: true, items: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } });
    assert.equal(f.kind, 'array');
    if (f.kind !== 'array') return;
    assert.deepEqual([f.minItems, f.maxItems, f.uniqueItems], [1, 3, true]);
    assert.equal(f.items.kind, 'object');
    assert.equal(f.items.required, true);
    assert.deepEqual(f.items.kind === 'object' && f.items.fields.map((c) => [c.key, c.kind, c.required]), [['id', 'string', true]]);
  });

  test('additionalProperties with a schema is a map editor of that schema', () => {
    const f = one({ type: 'object', additionalProperties: { type: 'integer', minimum: 0 } });
    assert.equal(f.kind, 'object');
    if (f.kind !== 'object') return;
    assert.deepEqual(f.fields, []);
    assert.equal(f.additional?.kind, 'integer');
    assert.equal(f.additional?.kind === 'integer' && f.additional.minimum, 0);
  });

  test('fixed properties plus a map; patternProperties gives the key pattern', () => {
    const f = one({ type: 'object', properties: { name: { type: 'string' } }, patternProperties: { '^x-': { type: 'string' } } });
    assert.equal(f.kind === 'object' && f.fields.length, 1);
    assert.equal(f.kind === 'object' && f.additional?.kind, 'string');
    assert.equal(f.kind === 'object' && f.keyPattern, '^x-');
  });

  test('an object with no properties at all is edited as JSON; additionalProperties: false is not a map', () => {
    const free = one({ type: 'object' });
    assert.equal(free.kind, 'json');
    assert.match(free.kind === 'json' ? free.reason : '', /free-form object/);
    const closed = one({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false });
    assert.equal(closed.kind === 'object' && closed.additional, undefined);
  });

  test('a root with no properties is a form without fields (a tool without arguments)', () => {
    assert.deepEqual(buildFormModel({ type: 'object', additionalProperties: false }).root, {
      kind: 'object',
      label: 'Arguments',
      required: true,
      nullable: false,
      fields: [],
    });
  });

  test('tuples fall back to JSON for that field only', () => {
    const fields = fieldsOf({ type: 'object', properties: { point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }] }, name: { type: 'string' } } });
    assert.equal(fields.point.kind, 'json');
    assert.equal(fields.name.kind, 'string');
  });
});

describe('combinators, null and const', () => {
  test('type: [X, "null"] is a nullable X', () => {
    const f = one({ type: ['string', 'null'], maxLength: 5 });
    assert.equal(f.kind, 'string');
    assert.equal(f.nullable, true);
    assert.equal(f.kind === 'string' && f.maxLength, 5);
  });

  test('anyOf [X, {type: null}] is a nullable X with the outer description', () => {
    const f = one({ anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }], description: 'Limit', default: null });
    assert.equal(f.kind, 'integer');
    assert.equal(f.nullable, true);
    assert.equal(f.description, 'Limit');
    assert.equal(f.default, null);
    assert.equal(f.kind === 'integer' && f.minimum, 1);
  });

  test('OpenAPI nullable: true', () => {
    assert.equal(one({ type: 'number', nullable: true }).nullable, true);
  });

  test('oneOf of objects: variants labelled by title, $ref name or discriminator', () => {
    const f = fieldsOf({
      type: 'object',
      properties: {
        shape: {
          oneOf: [
            { $ref: '#/$defs/Circle' },
            { type: 'object', properties: { kind: { const: 'square' }, side: { type: 'number' } }, required: ['kind', 'side'] },
            { title: 'Nothing', type: 'object', properties: { kind: { const: 'none' } } },
          ],
        },
      },
      $defs: { Circle: { type: 'object', properties: { kind: { const: 'circle' }, r: { type: 'number', exclusiveMinimum: 0 } }, required: ['kind', 'r'] } },
    }).shape;
    assert.equal(f.kind, 'variants');
    if (f.kind !== 'variants') return;
    assert.equal(f.combinator, 'oneOf');
    assert.deepEqual(f.variants.map((v) => v.label), ['Circle', 'square', 'Nothing']);
    const circle = f.variants[0].field;
    assert.deepEqual(circle.kind === 'object' && circle.fields.map((c) => [c.key, c.kind, c.required]), [
      ['kind', 'const', true],
      ['r', 'number', true],
    ]);
  });

  test('anyOf of scalars is a choice of types; a type list too', () => {
    const f = one({ anyOf: [{ type: 'string' }, { type: 'number' }] });
    assert.equal(f.kind === 'variants' && f.combinator, 'anyOf');
    assert.deepEqual(f.kind === 'variants' && f.variants.map((v) => `${v.label}:${v.field.kind}`), ['string:string', 'number:number']);
    const t = one({ type: ['string', 'integer', 'null'] });
    assert.equal(t.kind === 'variants' && t.combinator, 'type');
    assert.equal(t.nullable, true);
    assert.deepEqual(t.kind === 'variants' && t.variants.map((v) => v.field.kind), ['string', 'integer']);
  });

  test('keywords beside oneOf apply to every variant', () => {
    const f = one({ type: 'object', required: ['id'], properties: { id: { type: 'string' } }, oneOf: [{ properties: { a: { type: 'number' } } }, { properties: { b: { type: 'boolean' } } }] });
    assert.equal(f.kind, 'variants');
    if (f.kind !== 'variants') return;
    assert.deepEqual(
      f.variants.map((v) => v.field.kind === 'object' && v.field.fields.map((c) => `${c.key}${c.required ? '*' : ''}`)),
      [
        ['a', 'id*'],
        ['b', 'id*'],
      ],
    );
  });

  test('allOf merges properties, required lists and tighter bounds', () => {
    const f = one({
      allOf: [
        { type: 'object', properties: { a: { type: 'integer', minimum: 0 } }, required: ['a'] },
        { properties: { a: { maximum: 10, minimum: 2 }, b: { type: 'string' } }, required: ['b'] },
      ],
      title: 'Merged',
    });
    assert.equal(f.kind, 'object');
    if (f.kind !== 'object') return;
    assert.equal(f.label, 'Merged');
    assert.deepEqual(f.fields.map((c) => `${c.key}${c.required ? '*' : ''}:${c.kind}`), ['a*:integer', 'b*:string']);
    const a = f.fields[0];
    assert.deepEqual(a.kind === 'integer' && [a.minimum, a.maximum], [2, 10]);
  });

  test('allOf that cannot hold (string and number at once) is a JSON field saying so', () => {
    const f = one({ allOf: [{ type: 'string' }, { type: 'number' }] });
    assert.equal(f.kind, 'json');
    assert.match(f.kind === 'json' ? f.reason : '', /allOf requires types/);
  });

  test('const is shown read-only with its value', () => {
    const f = one({ const: 'v1', title: 'API version' });
    assert.deepEqual([f.kind, f.kind === 'const' && f.value, f.label], ['const', 'v1', 'API version']);
  });
});

describe('$ref and $defs', () => {
  test('$defs, definitions, $anchor and a nested $id resolve; annotations beside $ref win', () => {
    const fields = fieldsOf({
      type: 'object',
      properties: {
        a: { $ref: '#/$defs/Day', description: 'Start day' },
        b: { $ref: '#/definitions/Units' },
        c: { $ref: '#count' },
        d: { $ref: 'urn:example:flag' },
        e: { $ref: '#/$defs/Day/allOf/0' },
      },
      $defs: { Day: { allOf: [{ type: 'string', format: 'date' }], description: 'A day' }, Count: { $anchor: 'count', type: 'integer' }, Flag: { $id: 'urn:example:flag', type: 'boolean' } },
      definitions: { Units: { enum: ['metric', 'imperial'] } },
    });
    assert.deepEqual(Object.values(fields).map((f) => `${f.key}:${f.kind}`), ['a:string', 'b:enum', 'c:integer', 'd:boolean', 'e:string']);
    assert.equal(fields.a.description, 'Start day');
    assert.equal(fields.a.kind === 'string' && fields.a.format, 'date');
  });

  test('a recursive schema renders its first level and guards the cycle with a JSON field', () => {
    const fields = fieldsOf({
      type: 'object',
      properties: { tree: { $ref: '#/$defs/Node' } },
      $defs: { Node: { type: 'object', properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } } } },
    });
    const tree = fields.tree;
    assert.equal(tree.kind, 'object');
    if (tree.kind !== 'object') return;
    assert.equal(tree.fields[0].kind, 'string');
    const children = tree.fields[1];
    assert.equal(children.kind, 'array');
    assert.equal(children.kind === 'array' && children.items.kind, 'json');
    assert.equal(children.kind === 'array' && children.items.kind === 'json' && children.items.reason, 'recursive schema ($ref #/$defs/Node)');
  });

  test('a $ref to itself and an unresolvable $ref break only their own field', () => {
    const fields = fieldsOf({ type: 'object', properties: { loop: { $ref: '#/$defs/L' }, missing: { $ref: '#/$defs/Nope' }, ok: { type: 'string' } }, $defs: { L: { $ref: '#/$defs/L' } } });
    assert.equal(fields.loop.kind, 'json');
    assert.equal(fields.missing.kind === 'json' && fields.missing.reason, 'unresolvable $ref #/$defs/Nope');
    assert.equal(fields.ok.kind, 'string');
  });

  test('a whole-root $ref is followed', () => {
    const root = buildFormModel({ $ref: '#/$defs/Args', $defs: { Args: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } } }).root;
    assert.deepEqual(root.kind === 'object' && root.fields.map((f) => `${f.key}${f.required ? '*' : ''}`), ['q*']);
  });
});

describe('schemas as generators write them', () => {
  test('pydantic (FastMCP for Python): titles, Optional via anyOf-null, enums in $defs', () => {
    const root = buildFormModel({
      $defs: { Unit: { enum: ['c', 'f'], title: 'Unit', type: 'string' } },
      properties: {
        city_name: { title: 'City Name', type: 'string' },
        days: { anyOf: [{ type: 'integer' }, { type: 'null' }], default: null, title: 'Days' },
        unit: { $ref: '#/$defs/Unit', default: 'c' },
      },
      required: ['city_name'],
      title: 'forecastArguments',
      type: 'object',
    }).root;
    assert.equal(root.label, 'forecastArguments');
    assert.deepEqual(
      root.kind === 'object' && root.fields.map((f) => `${f.key}|${f.label}|${f.kind}${f.required ? '*' : ''}${f.nullable ? '?' : ''}`),
      ['city_name|City Name|string*', 'days|Days|integer?', 'unit|unit|enum'],
    );
  });
});

describe('what cannot be rendered', () => {
  test('true, {} and unknown types become JSON fields; the rest of the form stays', () => {
    const fields = fieldsOf({ type: 'object', properties: { any: true, empty: {}, odd: { type: 'date' }, never: false, s: { type: 'string' } } });
    assert.deepEqual(Object.values(fields).map((f) => f.kind), ['json', 'json', 'json', 'json', 'string']);
    assert.equal(fields.odd.kind === 'json' && fields.odd.reason, 'unknown type "date"');
    assert.deepEqual(fields.empty.kind === 'json' && fields.empty.schema, {});
  });

  test('a schema that is not an object gives a JSON root', () => {
    assert.equal(buildFormModel('nonsense').root.kind, 'json');
    assert.equal(buildFormModel({ type: 'string' }).root.kind, 'string');
  });

  test('deep nesting stops at a JSON field instead of recursing forever', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 40; i++) schema = { type: 'object', properties: { next: schema } };
    let f: Field = buildFormModel(schema).root;
    let depth = 0;
    while (f.kind === 'object') {
      f = f.fields[0];
      depth++;
    }
    assert.equal(f.kind, 'json');
    assert.ok(depth > 10 && depth < 40, `stopped at depth ${depth}`);
  });
});
