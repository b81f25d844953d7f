import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeDiff, diffItems, diffLists, isEmptyDiff, listsDocument, summarizeDiff } from '../../../src/core/devloop/listDiff';

const forecast = {
  name: 'get_forecast',
  description: 'Forecast for a place',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string', description: 'City name' }, days: { type: 'number' }, units: { type: 'string', enum: ['c', 'f'] } },
    required: ['city'],
  },
};

test('added and removed tools, keyed by name', () => {
  const d = diffItems([forecast, { name: 'old' }], [forecast, { name: 'alerts' }]);
  assert.deepEqual(d.added, ['alerts']);
  assert.deepEqual(d.removed, ['old']);
  assert.deepEqual(d.changed, []);
});

test('schema changes: field added/removed, type, required, description, enum', () => {
  const next = structuredClone(forecast);
  const props = next.inputSchema.properties as Record<string, Record<string, unknown>>;
  delete props.units;
  props.days = { type: 'integer' };
  props.city = { type: 'string', description: 'City or ZIP code' };
  props.hourly = { type: 'boolean' };
  next.inputSchema.required = ['city', 'days', 'hourly'];
  const d = diffItems([forecast], [next]);
  assert.equal(d.changed.length, 1);
  const texts = d.changed[0].schema.map((c) => `${c.kind} ${c.text}`);
  assert.deepEqual(texts, [
    'description-changed inputSchema.city: description changed',
    'required-changed inputSchema.days now required',
    'type-changed inputSchema.days: type number → integer',
    'field-added inputSchema.hourly added (boolean, required)',
    'field-removed inputSchema.units removed',
  ]);
  assert.deepEqual(d.changed[0].fields, []);
});

test('nested objects and array items are compared too', () => {
  const a = { name: 't', inputSchema: { type: 'object', properties: { opts: { type: 'object', properties: { a: { type: 'string' } } }, tags: { type: 'array', items: { type: 'string' } } } } };
  const b = { name: 't', inputSchema: { type: 'object', properties: { opts: { type: 'object', properties: { a: { type: ['string', 'null'] } }, required: ['a'] }, tags: { type: 'array', items: { type: 'number' } } } } };
  const texts = diffItems([a], [b]).changed[0].schema.map((c) => c.text);
  assert.deepEqual(texts, ['inputSchema.opts.a now required', 'inputSchema.opts.a: type string → null | string', 'inputSchema.tags[]: type string → number']);
});

test('a changed description is a tool change, not a schema change; key order is not a change', () => {
  const reordered = { inputSchema: { required: ['city'], properties: forecast.inputSchema.properties, type: 'object' }, description: 'Forecast for a place', name: 'get_forecast' };
  assert.deepEqual(diffItems([forecast], [reordered]).changed, []);
  const d = diffItems([forecast], [{ ...forecast, description: 'Weather forecast' }]);
  assert.deepEqual(d.changed[0].fields, ['description']);
});

test('summary reads as the notification does', () => {
  const next = structuredClone(forecast);
  (next.inputSchema.properties as Record<string, unknown>).hourly = { type: 'boolean' };
  const diff = diffLists({ tools: [forecast], prompts: [{ name: 'p', arguments: [{ name: 'x' }] }] }, { tools: [next, { name: 'alerts' }], prompts: [{ name: 'p', arguments: [{ name: 'x', required: true }] }] });
  assert.equal(summarizeDiff(diff), '1 tool added, 1 schema changed, 1 argument list changed');
  assert.deepEqual(describeDiff(diff), ['+ tool alerts', '~ tool get_forecast: inputSchema.hourly added (boolean)', '~ prompt p: arguments.x now required']);
});

test('resources by URI; a kind listed on one side only is not compared', () => {
  const diff = diffLists({ resources: [{ uri: 'file:///a', name: 'a' }] }, { resources: [{ uri: 'file:///a', name: 'a', mimeType: 'text/plain' }], tools: [{ name: 'new' }] });
  assert.deepEqual(diff.resources.changed, [{ name: 'file:///a', schema: [], fields: ['mimeType'] }]);
  assert.deepEqual(diff.tools.added, []);
  assert.ok(!isEmptyDiff(diff));
  assert.ok(isEmptyDiff(diffLists({ tools: [forecast] }, { tools: [forecast] })));
  assert.equal(summarizeDiff(diffLists({}, {})), 'no changes to tools, resources or prompts');
});

test('the diff document sorts items and keys so two versions line up', () => {
  const doc = listsDocument({ tools: [{ name: 'b', description: 'x' }, { name: 'a' }] });
  assert.equal(doc, '{\n  "tools": [\n    {\n      "name": "a"\n    },\n    {\n      "description": "x",\n      "name": "b"\n    }\n  ]\n}\n');
});
