import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { diffItems } from '../../../src/core/devloop/listDiff';
import { casesTouching, toolsOfferedDifferently } from '../../../src/core/eval/evalsToRerun';

const schema = { type: 'object', properties: { city: { type: 'string' } } };
const before = [
  { name: 'forecast', description: 'Forecast for a city', inputSchema: schema },
  { name: 'convert', description: 'Convert units', inputSchema: schema },
  { name: 'air', description: 'Air quality', inputSchema: schema, outputSchema: { type: 'object' } },
  { name: 'alerts', title: 'Alerts', inputSchema: schema },
  { name: 'old', inputSchema: schema },
];

test('what a model is offered changed: description, title, annotations, inputSchema, a tool added or removed', () => {
  const after = [
    { name: 'forecast', description: 'The forecast for a city, by name', inputSchema: schema },
    { name: 'convert', description: 'Convert units', inputSchema: { ...schema, properties: { ...schema.properties, units: { type: 'string' } } } },
    { name: 'air', description: 'Air quality', inputSchema: schema, outputSchema: { type: 'array' }, _meta: { build: 2 } },
    { name: 'alerts', title: 'Weather alerts', inputSchema: schema, annotations: { readOnlyHint: true } },
    { name: 'new', inputSchema: schema },
  ];
  assert.deepEqual(toolsOfferedDifferently(diffItems(before, after)), ['alerts', 'convert', 'forecast', 'new', 'old']);
});

test('nothing offered changed: no tool (an outputSchema or _meta change does not reach the model)', () => {
  const after = before.map((t) => (t.name === 'air' ? { ...t, outputSchema: { type: 'array' }, _meta: { x: 1 } } : t));
  assert.deepEqual(toolsOfferedDifferently(diffItems(before, after)), []);
});

test('the cases to rerun: those that expect, allow or forbid a changed tool, in file order', () => {
  const cases = [
    { case: { name: 'right pick', expect: { tool: 'forecast' } }, ref: 1 },
    { case: { name: 'multi', expect: { anyOf: ['convert', 'forecast'] } }, ref: 2 },
    { case: { name: 'refusal', expect: { notTools: ['forecast'] } }, ref: 3 },
    { case: { name: 'air', expect: { tool: 'air' } }, ref: 4 },
    { case: { name: 'answer only', expect: { answer: { contains: 'x' } } }, ref: 5 },
  ];
  assert.deepEqual(casesTouching(cases, ['forecast']).map((c) => [c.case.name, c.ref, c.tools]), [['right pick', 1, ['forecast']], ['multi', 2, ['forecast']], ['refusal', 3, ['forecast']]]);
  assert.deepEqual(casesTouching(cases, ['convert', 'air']).map((c) => [c.case.name, c.tools]), [['multi', ['convert']], ['air', ['air']]]);
  assert.deepEqual(casesTouching(cases, []), []);
});
