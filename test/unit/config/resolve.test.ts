import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { loadConfigs } from '../../../src/core/config/load';
import { InputCancelledError, resolveServer, type ResolveContext } from '../../../src/core/config/resolve';
import type { InputDefinition, StdioServerConfig } from '../../../src/core/config/types';
import { fixture } from './helpers';

async function server(folder: string, name: string): Promise<StdioServerConfig> {
  const loaded = await loadConfigs({ workspaceFolders: [fixture(folder)] });
  const found = loaded.servers.find((s) => s.name === name);
  assert.ok(found && found.type === 'stdio', `no stdio server ${name}`);
  return found;
}

function context(answers: Record<string, string | undefined>, asked: string[] = []): ResolveContext {
  return {
    userHome: '/home/ada',
    env: { TOKEN: 'tok', HOME: '/home/ada', MCP_LENS_TEST_TOKEN: 'secret' },
    resolveInput: async (input: InputDefinition) => {
      asked.push(input.id);
      return answers[input.id];
    },
  };
}

test('expands workspaceFolder, userHome and inputs; envFile under env; null kept as unset', async () => {
  const asked: string[] = [];
  const weather = await server('good', 'weather');
  const result = await resolveServer(weather, context({ region: 'us', 'api-key': 'k-123' }, asked));
  assert.ok(result.ok, JSON.stringify(result));
  const folder = fixture('good');
  assert.equal(result.server.command, 'node');
  assert.deepEqual(result.server.args, [`${folder}/server.mjs`, '--region', 'us']);
  assert.equal(result.server.cwd, folder);
  assert.deepEqual(asked, ['region', 'api-key']);
  assert.deepEqual(result.server.secrets, ['k-123'], 'the password input is marked secret, the pick is not');
  assert.deepEqual(result.server.env, {
    PLAIN: 'value',
    QUOTED: 'a "quoted" value\nnext',
    SINGLE: 'kept $literally # not a comment',
    EXPORTED: 'yes',
    API_KEY: 'k-123', // env wins over envFile
    HOME_DIR: '/home/ada',
    PORT: '8080',
    UNSET_ME: null,
  });
});

test('a relative cwd is taken from the workspace folder', async () => {
  const result = await resolveServer(await server('good', 'implicit'), context({}));
  assert.ok(result.ok);
  assert.equal(result.server.cwd, path.join(fixture('good'), 'py'));
});

test('cancelling an input cancels the start', async () => {
  const weather = await server('good', 'weather');
  await assert.rejects(resolveServer(weather, context({ region: undefined })), (error) => error instanceof InputCancelledError && error.inputId === 'region');
});

test('${env:NAME} and Claude Code ${NAME:-default} come from the environment', async () => {
  const cursor = await resolveServer(await server('good', 'cursor-server'), context({}));
  assert.ok(cursor.ok);
  assert.deepEqual(cursor.server.env, { HOME_ALIAS: '/home/ada' });
  const claudeCode = await resolveServer(await server('good', 'claude-code-style'), context({}));
  assert.ok(claudeCode.ok);
  assert.deepEqual(claudeCode.server.args, ['-y', 'some-server', '/tmp/data']);
  assert.deepEqual(claudeCode.server.env, { TOKEN: 'secret' });
});

test('an unset ${NAME} without default in .mcp.json names the variable', async () => {
  const config = await server('good', 'claude-code-style');
  const ctx = { ...context({}), env: {} };
  const result = await resolveServer(config, ctx);
  assert.ok(!result.ok);
  assert.deepEqual(result.problems.map((p) => [p.server, p.field, p.message]), [
    ['claude-code-style', 'env.TOKEN', 'environment variable MCP_LENS_TEST_TOKEN is not set and ${MCP_LENS_TEST_TOKEN} has no default'],
  ]);
});

test('a missing envFile is a problem naming the server and the path', async () => {
  const weather = await server('good', 'weather');
  const result = await resolveServer({ ...weather, envFile: '${workspaceFolder}/missing.env' }, context({ region: 'eu', 'api-key': 'k' }));
  assert.ok(!result.ok);
  assert.equal(result.problems.length, 1);
  assert.equal(result.problems[0].field, 'envFile');
  assert.equal(result.problems[0].message, `cannot read ${fixture('good', 'missing.env')}: ENOENT`);
});
