/**
 * Input generation: valid inputs validate against their schema (over hand-written schemas
 * and over every tool of published servers, listed live), near misses break exactly what
 * they say, the same seed draws the same inputs, and schemas the generator cannot read are
 * NotFuzzable with a reason rather than a crash.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { validateAgainst } from '../../../src/core/diagnose/toolSchemas';
import { inputArbitrary, mutationsOf, NotFuzzable } from '../../../src/core/fuzz/fuzzInputs';
import { validArbitrary } from '../../../src/core/fuzz/validInputs';
import { listTools, type ListedTool } from '../schema/formCorpusTools';

const BIN = resolve(import.meta.dirname, '../../../node_modules/.bin');
const allowedDir = mkdtempSync(join(tmpdir(), 'mcp-lens-fuzz-'));
let published: ListedTool[] = [];

before(async () => {
  const [everything, filesystem] = await Promise.all([listTools(join(BIN, 'mcp-server-everything'), ['stdio']), listTools(join(BIN, 'mcp-server-filesystem'), [allowedDir])]);
  published = [...everything, ...filesystem];
});
after(() => rmSync(allowedDir, { recursive: true, force: true }));

const SCHEMAS: Record<string, unknown> = {
  bounds: { type: 'object', properties: { n: { type: 'integer', minimum: 3, maximum: 9 }, x: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 } }, required: ['n', 'x'] },
  strings: { type: 'object', properties: { s: { type: 'string', minLength: 2, maxLength: 5 }, e: { enum: ['a', 'b'] }, p: { type: 'string', pattern: '^[a-z]{3}$' }, m: { type: 'string', format: 'email' } }, required: ['s', 'e', 'p', 'm'], additionalProperties: false },
  nested: { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer', multipleOf: 5 } }, required: ['id'] }, minItems: 1, maxItems: 3 } }, required: ['items'] },
  refs: { type: 'object', $defs: { point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } }, properties: { at: { $ref: '#/$defs/point' }, tag: { anyOf: [{ type: 'string' }, { type: 'null' }] } }, required: ['at'] },
  allOf: { allOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'boolean' } }, required: ['b'] }] },
};

function validSamples(schema: unknown, numRuns = 150): unknown[] {
  return fc.sample(validArbitrary(schema as Record<string, unknown>), { seed: 7, numRuns });
}

test('valid inputs satisfy their schema: bounds, lengths, enums, patterns, formats, arrays, $ref, anyOf, allOf', () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    for (const value of validSamples(schema)) assert.deepEqual(validateAgainst(schema, value), [], `${name}: ${JSON.stringify(value).slice(0, 200)}`);
  }
});

test('valid inputs reach the bounds and the edges (fast-check biases toward them)', () => {
  const ns = validSamples(SCHEMAS.bounds, 300).map((v) => (v as { n: number }).n);
  assert.ok(ns.includes(3) && ns.includes(9), `bounds 3 and 9 among ${[...new Set(ns)].join(',')}`);
  const texts = validSamples({ type: 'object', properties: { t: { type: 'string' } }, required: ['t'] }, 300).map((v) => (v as { t: string }).t);
  assert.ok(texts.includes(''), 'an empty string');
  assert.ok(texts.some((t) => t.length > 1000), 'a very long string');
  assert.ok(texts.some((t) => /[^\x00-\x7f]/.test(t)), 'a non-ASCII string');
});

test('every tool of server-everything and server-filesystem: valid inputs validate, or the tool is NotFuzzable with a reason', () => {
  assert.ok(published.length >= 20, `${published.length} tools listed`);
  for (const tool of published) {
    let samples: unknown[];
    try {
      samples = validSamples(tool.inputSchema, 60);
    } catch (error) {
      assert.ok(error instanceof NotFuzzable, `${tool.name}: ${String(error)}`);
      continue;
    }
    for (const value of samples) assert.deepEqual(validateAgainst(tool.inputSchema, value), [], `${tool.name}: ${JSON.stringify(value).slice(0, 200)}`);
  }
});

test('near misses break what they name: a missing required key, a bound, the enum, additionalProperties', () => {
  const schema = SCHEMAS.strings as Record<string, unknown>;
  const valid = { s: 'abc', e: 'a', p: 'xyz', m: 'a@b.co' };
  assert.deepEqual(validateAgainst(schema, valid), []);
  const mutations = mutationsOf(schema);
  const by = (how: string) => mutations.find((m) => m.how === how)!;
  for (const how of ['without the required "s"', 's: longer than maxLength 5', 's: shorter than minLength 2', 'e: a value outside the enum', 'p: not matching ^[a-z]{3}$', 'an extra property where additionalProperties is false', 's: a number where string is declared']) {
    assert.ok(by(how), `mutation "${how}" among ${mutations.map((m) => m.how).join('; ')}`);
    assert.notDeepEqual(validateAgainst(schema, by(how).apply(valid)), [], how);
  }
  const bounds = mutationsOf(SCHEMAS.bounds as Record<string, unknown>);
  for (const how of ['n: below minimum 3', 'n: above maximum 9', 'n: a fraction where integer is declared', 'x: at exclusiveMinimum 0']) {
    const m = bounds.find((b) => b.how === how);
    assert.ok(m, how);
    assert.notDeepEqual(validateAgainst(SCHEMAS.bounds, m.apply({ n: 5, x: 0.5 })), [], how);
  }
});

test('the same seed draws the same inputs; another seed draws others', () => {
  const arb = inputArbitrary(SCHEMAS.strings);
  const a = fc.sample(arb, { seed: 42, numRuns: 30 });
  const b = fc.sample(arb, { seed: 42, numRuns: 30 });
  const c = fc.sample(arb, { seed: 43, numRuns: 30 });
  assert.deepEqual(a, b);
  assert.notDeepEqual(a, c);
  assert.ok(a.some((i) => i.how === 'valid') && a.some((i) => i.how !== 'valid'), 'valid inputs and near misses both');
});

test('schemas the generator cannot read are NotFuzzable with the reason', () => {
  const cases: [unknown, RegExp][] = [
    [{ type: 'object', properties: { a: { $ref: '#/$defs/missing' } }, required: ['a'] }, /\$ref "#\/\$defs\/missing" does not resolve/],
    [{ type: 'object', properties: { a: { not: { type: 'string' } } }, required: ['a'] }, /only `not`/],
    [{ type: 'object', properties: { a: false }, required: ['a'] }, /`false` schema/],
    [{ type: 'object', properties: { a: { type: 'integer', minimum: 5, maximum: 1 } }, required: ['a'] }, /minimum 5 is above maximum 1/],
    ['not a schema', /not a JSON object/],
  ];
  for (const [schema, reason] of cases) assert.throws(() => inputArbitrary(schema), (e: unknown) => e instanceof NotFuzzable && reason.test(e.message), JSON.stringify(schema));
});

test('a missing inputSchema or an untyped one fuzzes as an object', () => {
  for (const schema of [undefined, { properties: { a: { type: 'string' } } }]) {
    for (const input of fc.sample(inputArbitrary(schema), { seed: 1, numRuns: 20 })) assert.equal(typeof input.args, 'object');
  }
});
