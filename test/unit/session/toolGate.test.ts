import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RejectedToolError } from '../../../src/core/session/errors';
import { ToolGate } from '../../../src/core/session/toolGate';
import { checkParamHeaders } from '../../../src/core/transport/httpHeaders';

const tool = (name: string, properties: Record<string, unknown>) => ({ name, inputSchema: { type: 'object', properties } });

// SEP-2243: each way an x-mcp-header makes a tool definition invalid, with the words the diagnostic uses.
const INVALID: [string, Record<string, unknown>, RegExp][] = [
  ['empty', { v: { type: 'string', 'x-mcp-header': '' } }, /property "v" has an empty or non-string x-mcp-header/],
  ['object', { v: { type: 'object', 'x-mcp-header': 'Data' } }, /on a "object" value; only string, integer and boolean/],
  ['array', { v: { type: 'array', 'x-mcp-header': 'Items' } }, /on a "array" value/],
  ['null', { v: { type: 'null', 'x-mcp-header': 'Nil' } }, /on a "null" value/],
  ['number', { v: { type: 'number', 'x-mcp-header': 'Score' } }, /on a "number" value/],
  ['same name twice', { a: { type: 'string', 'x-mcp-header': 'Region' }, b: { type: 'string', 'x-mcp-header': 'Region' } }, /repeats x-mcp-header "Region"/],
  ['names differing in case', { a: { type: 'string', 'x-mcp-header': 'MyField' }, b: { type: 'string', 'x-mcp-header': 'myfield' } }, /case-insensitive/],
  ['space', { v: { type: 'string', 'x-mcp-header': 'My Region' } }, /not an HTTP header-name token/],
  ['colon', { v: { type: 'string', 'x-mcp-header': 'Region:Primary' } }, /not an HTTP header-name token/],
  ['non-ASCII', { v: { type: 'string', 'x-mcp-header': 'Région' } }, /not an HTTP header-name token/],
  ['control character', { v: { type: 'string', 'x-mcp-header': 'Region\t1' } }, /not an HTTP header-name token/],
];

for (const [what, properties, words] of INVALID) {
  test(`x-mcp-header invalid (${what}): the tool is rejected, saying why`, () => {
    const checked = checkParamHeaders(tool('t', properties).inputSchema);
    assert.equal(checked.ok, false);
    if (!checked.ok) assert.match(checked.problem, words);
  });
}

test('the gate keeps the valid tools of a list, leaves the invalid out, and refuses to call them', () => {
  const gate = new ToolGate();
  const valid = tool('valid_tool', { region: { type: 'string', 'x-mcp-header': 'Region' }, n: { type: 'integer', 'x-mcp-header': 'N' } });
  const invalid = tool('bad', { score: { type: 'number', 'x-mcp-header': 'Score' } });
  const page = gate.screen({ tools: [valid, invalid], nextCursor: 'c1' });
  assert.deepEqual(page, { tools: [valid], nextCursor: 'c1' });
  assert.equal(gate.refusal('valid_tool'), undefined);
  const refusal = gate.refusal('bad');
  assert.ok(refusal instanceof RejectedToolError);
  assert.match(refusal.message, /will not call "bad": its definition is invalid \(property "score" has x-mcp-header "Score" on a "number" value/);
});

test('a tool fixed in a later list is callable again', () => {
  const gate = new ToolGate();
  gate.screen({ tools: [tool('t', { v: { type: 'number', 'x-mcp-header': 'V' } })] });
  assert.ok(gate.refusal('t'));
  const fixed = { tools: [tool('t', { v: { type: 'integer', 'x-mcp-header': 'V' } })] };
  assert.equal(gate.screen(fixed), fixed);
  assert.equal(gate.refusal('t'), undefined);
});
