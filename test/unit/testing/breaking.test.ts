import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diffLists, type Item } from '../../../src/core/devloop/listDiff';
import { classifyDiff, describeChange } from '../../../src/core/testing/breaking';

const tool = (name: string, input: object, output?: object): Item => ({ name, inputSchema: { type: 'object', ...input }, ...(output ? { outputSchema: { type: 'object', ...output } } : {}) });

/** The verdicts of one tool's change from `before` to `after`, as `path: breaking?`. */
function verdicts(before: Item, after: Item): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const c of classifyDiff(diffLists({ tools: [before] }, { tools: [after] }))) out[c.path ?? c.action] = c.breaking;
  return out;
}

test('tools: removed breaks callers, added does not', () => {
  const changes = classifyDiff(diffLists({ tools: [tool('a', {}), tool('b', {})] }, { tools: [tool('a', {}), tool('c', {})] }));
  assert.deepEqual(
    changes.map((c) => [c.item, c.action, c.breaking]),
    [
      ['c', 'added', false],
      ['b', 'removed', true],
    ],
  );
  assert.equal(describeChange(changes[1]), '- tool b removed — breaking: callers of the tool get an error');
  assert.equal(describeChange(changes[0]), '+ tool c added');
});

test('input fields: a new required field or a newly required one breaks; an optional one does not', () => {
  const before = tool('t', { properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] });
  assert.deepEqual(verdicts(before, tool('t', { properties: { city: { type: 'string' }, days: { type: 'integer' }, units: { type: 'string' } }, required: ['city'] })), { 'inputSchema.units': false });
  assert.deepEqual(verdicts(before, tool('t', { properties: { city: { type: 'string' }, days: { type: 'integer' }, units: { type: 'string' } }, required: ['city', 'units'] })), { 'inputSchema.units': true });
  assert.deepEqual(verdicts(before, tool('t', { properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city', 'days'] })), { 'inputSchema.days': true });
  assert.deepEqual(verdicts(before, tool('t', { properties: { city: { type: 'string' }, days: { type: 'integer' } } })), { 'inputSchema.city': false });
  assert.deepEqual(verdicts(before, tool('t', { properties: { city: { type: 'string' } }, required: ['city'] })), { 'inputSchema.days': true });
});

test('input types: narrowed breaks, widened does not (integer is a number, no type is any)', () => {
  const t = (days: object) => tool('t', { properties: { days } });
  assert.deepEqual(verdicts(t({ type: 'number' }), t({ type: 'integer' })), { 'inputSchema.days': true });
  assert.deepEqual(verdicts(t({ type: 'integer' }), t({ type: 'number' })), { 'inputSchema.days': false });
  assert.deepEqual(verdicts(t({ type: ['string', 'null'] }), t({ type: 'string' })), { 'inputSchema.days': true });
  assert.deepEqual(verdicts(t({ type: 'string' }), t({ type: ['string', 'null'] })), { 'inputSchema.days': false });
  assert.deepEqual(verdicts(t({}), t({ type: 'string' })), { 'inputSchema.days': true });
  assert.deepEqual(verdicts(t({ type: 'string' }), t({ type: 'boolean' })), { 'inputSchema.days': true });
});

test('enums: a removed input value breaks, an added one does not; outputs the other way round', () => {
  const input = (values?: string[]) => tool('t', { properties: { units: { type: 'string', ...(values ? { enum: values } : {}) } } });
  assert.deepEqual(verdicts(input(['c', 'f']), input(['c', 'f', 'k'])), { 'inputSchema.units': false });
  assert.deepEqual(verdicts(input(['c', 'f']), input(['c'])), { 'inputSchema.units': true });
  assert.deepEqual(verdicts(input(), input(['c'])), { 'inputSchema.units': true });
  assert.deepEqual(verdicts(input(['c']), input()), { 'inputSchema.units': false });
  const output = (values: string[]) => tool('t', {}, { properties: { units: { type: 'string', enum: values } } });
  assert.deepEqual(verdicts(output(['c', 'f']), output(['c', 'f', 'k'])), { 'outputSchema.units': true });
  assert.deepEqual(verdicts(output(['c', 'f']), output(['c'])), { 'outputSchema.units': false });
});

test('output schema: a field removed, no longer required or widened breaks; one added or narrowed does not', () => {
  const out = (properties: object, required: string[] = []) => tool('t', {}, { properties, required });
  assert.deepEqual(verdicts(out({ temp: { type: 'number' } }), out({ temp: { type: 'number' }, wind: { type: 'number' } })), { 'outputSchema.wind': false });
  assert.deepEqual(verdicts(out({ temp: { type: 'number' }, wind: { type: 'number' } }), out({ temp: { type: 'number' } })), { 'outputSchema.wind': true });
  assert.deepEqual(verdicts(out({ temp: { type: 'number' } }, ['temp']), out({ temp: { type: 'number' } })), { 'outputSchema.temp': true });
  assert.deepEqual(verdicts(out({ temp: { type: 'number' } }), out({ temp: { type: 'number' } }, ['temp'])), { 'outputSchema.temp': false });
  assert.deepEqual(verdicts(out({ temp: { type: 'integer' } }), out({ temp: { type: 'number' } })), { 'outputSchema.temp': true });
  assert.deepEqual(verdicts(out({ temp: { type: 'number' } }), out({ temp: { type: 'integer' } })), { 'outputSchema.temp': false });
  assert.deepEqual(verdicts(tool('t', {}, {}), tool('t', {})), { outputSchema: true });
  assert.deepEqual(verdicts(tool('t', {}), tool('t', {}, {})), { outputSchema: false });
});

test('descriptions and other metadata never break; prompt arguments follow the input rules', () => {
  assert.deepEqual(verdicts({ ...tool('t', {}), description: 'a' }, { ...tool('t', {}), description: 'b' }), { description: false });
  const prompt = (args: object[]) => ({ prompts: [{ name: 'p', arguments: args }] });
  const classify = (a: object[], b: object[]) => classifyDiff(diffLists(prompt(a), prompt(b))).map((c) => [c.path, c.breaking]);
  assert.deepEqual(classify([{ name: 'x' }], [{ name: 'x', required: true }]), [['arguments.x', true]]);
  assert.deepEqual(classify([{ name: 'x' }], [{ name: 'x' }, { name: 'y' }]), [['arguments.y', false]]);
  assert.deepEqual(classify([{ name: 'x' }], [{ name: 'x' }, { name: 'y', required: true }]), [['arguments.y', true]]);
  assert.deepEqual(classify([{ name: 'x' }], []), [['arguments.x', true]]);
});
