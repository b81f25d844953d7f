import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'jsonc-parser';
import { parseEvalFile } from '../../../src/core/eval/evalFile';
import { evalFileJsonSchema } from '../../../src/core/eval/evalFileJsonSchema';

const read = (rel: string) => readFileSync(fileURLToPath(new URL(rel, import.meta.url)), 'utf8');
const committed = JSON.parse(read('../../../schemas/mcpeval.schema.json'));
const validate = addFormats(new Ajv({ strict: false, allErrors: true })).compile(committed);

test('the contributed JSON Schema is the one made from the zod schema (run scripts/evalSchema.ts after a change)', () => {
  assert.deepEqual(committed, evalFileJsonSchema());
});

test('the smallest eval file of the issue reads: server by name, one case, partial args, defaults', () => {
  const file = parseEvalFile('/w/a.mcpeval.json', '{"server": "weather", "cases": [{"name": "oslo", "prompt": "Weather in Oslo?", "expect": {"tool": "get_forecast", "args": {"city": "Oslo"}}}]}');
  assert.deepEqual(file.problems, []);
  assert.deepEqual(file.server, { name: 'weather' });
  assert.deepEqual(file.cases, [{ name: 'oslo', messages: [{ role: 'user', content: 'Weather in Oslo?' }], expect: { tool: 'get_forecast', args: { city: 'Oslo' } }, repeat: 1, maxSteps: 8, line: 1 }]);
});

test('the fixture eval file is valid for the editor and for the runner', () => {
  const text = read('../../fixtures/evals/weather.mcpeval.json');
  assert.equal(validate(parse(text)), true, JSON.stringify(validate.errors));
  const file = parseEvalFile('/w/weather.mcpeval.json', text);
  assert.deepEqual(file.problems, []);
  assert.deepEqual(file.cases.map((c) => [c.name, c.repeat, c.line]), [['right pick', 2, 8], ['wrong tool', 2, 13], ['hallucinated tool', 2, 18], ['schema-breaking arguments', 1, 23], ['multi-step', 2, 29], ['refusal', 2, 34]]);
  assert.deepEqual(file.server, { command: 'node', args: ['../../../examples/workspace/servers/weather/server.mjs'] });
});

test('what is wrong is named with its line: an unknown expectation, tool with anyOf, no prompt, a bad pattern', () => {
  const text = `{
  "server": "w",
  "cases": [
    { "name": "a", "prompt": "p", "expect": { "tol": "x" } },
    { "name": "b", "prompt": "p", "expect": { "tool": "x", "anyOf": ["y"] } },
    { "name": "c", "expect": {} },
    { "name": "d", "prompt": "p", "expect": { "argsMatch": { "patterns": { "city": "(" } } } }
  ]
}`;
  const file = parseEvalFile('/w/x.mcpeval.json', text);
  assert.deepEqual(file.cases, []);
  const byLine = file.problems.map((p) => `${p.line}: ${p.message}`);
  assert.ok(byLine.some((p) => p.startsWith('4: cases.0.expect') && /tol/.test(p)), byLine.join('\n'));
  assert.ok(byLine.some((p) => p.startsWith('5: ') && /"tool" and "anyOf" contradict/.test(p)), byLine.join('\n'));
  assert.ok(byLine.some((p) => p.startsWith('6: ') && /give "prompt" or "messages"/.test(p)), byLine.join('\n'));
  assert.ok(byLine.some((p) => p.startsWith('7: ') && /not a valid regular expression/.test(p)), byLine.join('\n'));
  assert.equal(validate(parse(text)), false);
});
