import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { AgentInputError } from '../../../src/core/agent/bounds';
import { itemsText } from '../../../src/core/agent/listsText';
import { agentCall } from '../../../src/core/agent/toolCall';
import { isAppOnly, modelTools } from '../../../src/core/apps/toolVisibility';
import { diagnose } from '../../../src/core/diagnose/engine';
import { McpClient } from '../../../src/core/session/client';

// MCP Apps visibility as the official ext-apps server helpers send it: the greeter fixture's
// reset_greeting is registered with visibility ["app"].
const FIXTURES = fileURLToPath(new URL('../../fixtures/servers/apps/', import.meta.url));
let client: McpClient;
let tools: Record<string, unknown>[];

before(async () => {
  client = new McpClient({ command: process.execPath, args: [`${FIXTURES}greeter-app-server.mjs`] }, { requestTimeoutMs: 10_000 });
  await client.connect();
  tools = await client.listAll('tools/list');
});

after(() => client.close());

test('app-only: a visibility list without "model"; absent, or with "model", a tool models see', () => {
  const ui = (visibility: unknown) => ({ name: 't', _meta: { ui: { resourceUri: 'ui://x', visibility } } });
  assert.equal(isAppOnly(ui(['app'])), true);
  assert.equal(isAppOnly(ui([])), true);
  assert.equal(isAppOnly(ui(['model', 'app'])), false);
  assert.equal(isAppOnly(ui(['model'])), false);
  assert.equal(isAppOnly(ui(undefined)), false);
  assert.equal(isAppOnly(ui('app')), false, 'not a list: the default, both');
  assert.equal(isAppOnly({ name: 't' }), false);
  assert.equal(isAppOnly({ name: 't', _meta: null }), false);
});

test('of the fixture server\'s tools, reset_greeting alone is app-only', () => {
  assert.deepEqual(tools.filter(isAppOnly).map((t) => t.name), ['reset_greeting']);
  assert.deepEqual(modelTools(tools).map((t) => t.name), ['greet', 'add']);
});

test('the list an agent reads leaves the app-only tool out and says one was left out', () => {
  const text = itemsText('tools', tools);
  assert.doesNotMatch(text, /reset_greeting/);
  assert.match(text, /^2 tools:\n- greet\(name\*: string\) — Greets someone, with an app\n- add\(a\*: number, b\*: number\) — Adds two numbers\n\(1 app-only tool left out: callable by its app only, hidden from models\)$/);
  assert.equal(itemsText('tools', tools.filter(isAppOnly)), 'No tools.\n(1 app-only tool left out: callable by its app only, hidden from models)');
});

test('an agent\'s call of the app-only tool is refused; its list of offered tools leaves it out', async () => {
  const target = { name: 'greeter', client, trace: client.trace, diagnostics: () => diagnose(client.trace.events), tools };
  const before = client.trace.count;
  await assert.rejects(agentCall(target, 'reset_greeting', {}, { timeoutMs: 5000 }), (e: Error) => e instanceof AgentInputError && /"reset_greeting" of "greeter" is an app-only tool/.test(e.message));
  assert.equal(client.trace.count, before, 'nothing was sent');
  await assert.rejects(agentCall(target, 'nope', {}, { timeoutMs: 5000 }), (e: Error) => /It offers: greet, add\.$/.test(e.message));
});
