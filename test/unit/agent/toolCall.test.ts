import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { diagnose } from '../../../src/core/diagnose/engine';
import { AgentInputError } from '../../../src/core/agent/bounds';
import { agentCall, toolArguments } from '../../../src/core/agent/toolCall';
import { McpClient } from '../../../src/core/session/client';

// agentCall against a real fixture server: the answer an agent reads, from result to diagnostics.
const FIXTURES = fileURLToPath(new URL('../../fixtures/servers/', import.meta.url));
let client: McpClient;
let tools: Record<string, unknown>[];

before(async () => {
  client = new McpClient({ command: process.execPath, args: [`${FIXTURES}legacy-basic.mjs`] }, { requestTimeoutMs: 10_000 });
  await client.connect();
  tools = await client.listAll('tools/list');
});

after(() => client.close());

const target = () => ({ name: 'legacy', client, trace: client.trace, diagnostics: () => diagnose(client.trace.events), tools });

test('a result: content, isError, latency, the messages of this call only', async () => {
  const { text, ok } = await agentCall(target(), 'echo', { text: 'hi' }, { timeoutMs: 5000 });
  assert.equal(ok, true);
  const [head, content, messages, diagnostics] = text.split('\n\n');
  assert.match(head, /^echo: result \(isError: false\) in \d+ ms$/);
  assert.equal(content, 'content:\nhi');
  const lines = messages.split('\n');
  assert.match(lines[0], /^messages of this call \(#(\d+)–#(\d+)\):$/);
  assert.equal(lines.length, 3);
  assert.match(lines[1], /^#\d+ → \{"jsonrpc":"2\.0","id":\d+,"method":"tools\/call","params":\{"name":"echo","arguments":\{"text":"hi"\}/);
  assert.match(lines[2], /^#\d+ ← /);
  assert.equal(diagnostics, 'diagnostics raised by this call: none');
});

test('arguments that do not match the inputSchema are sent anyway, with a note', async () => {
  const { text } = await agentCall(target(), 'echo', {}, { timeoutMs: 5000 });
  assert.match(text, /\n\nnote: the arguments do not match the tool's inputSchema \(sent anyway\): .*text/);
});

test('an unknown tool is refused naming the offered ones; arguments must be an object', async () => {
  await assert.rejects(agentCall(target(), 'ecko', {}, { timeoutMs: 5000 }), (e: Error) => e instanceof AgentInputError && /offers no tool named "ecko"\. It offers: echo, fail, /.test(e.message));
  assert.deepEqual(toolArguments('{"a":1}'), { a: 1 });
  assert.deepEqual(toolArguments(undefined), {});
  assert.throws(() => toolArguments([1]), /"arguments" must be a JSON object such as \{"city":"Paris"\}, got an array\./);
  assert.throws(() => toolArguments('nope'), /the string given is not JSON/);
});

test('a crash during the call: the answer says the server exited and names the crash diagnostic', async () => {
  const { text, ok } = await agentCall(target(), 'crash', {}, { timeoutMs: 5000 });
  assert.equal(ok, false);
  assert.match(text, /^crash: the server exited \(code \d+\) before answering.* after \d+ ms/);
  assert.match(text, /diagnostics raised by this call:\n.*\n\[error\] crashed/);
});
