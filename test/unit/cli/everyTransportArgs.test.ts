/**
 * Every command that talks to a server takes the server the same way (the one shared target
 * parser): `--url` with `--header`, `--token`, `--auth` and the client flags, or `-- CMD`,
 * never both, and the HTTP-only flags never without --url.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCli, type CliArgs } from '../../../src/cli/args';
import type { ServerTarget } from '../../../src/cli/serverTarget';
import { UsageError } from '../../../src/cli/usage';

const URL = 'http://127.0.0.1:3000/mcp';

/** Each command's words before the server (its required positionals), and where its server lands. */
const COMMANDS: readonly { name: string; before: string[]; server(args: CliArgs): ServerTarget | string | undefined }[] = [
  { name: 'fuzz', before: ['fuzz', 'echo'], server: (a) => (a.name === 'fuzz' ? a.server : undefined) },
  { name: 'load', before: ['load', 'echo'], server: (a) => (a.name === 'load' ? a.server : undefined) },
  { name: 'test', before: ['test', 'a.mcptest.json'], server: (a) => (a.name === 'test' ? a.server : undefined) },
  { name: 'eval', before: ['eval', 'a.mcpeval.json', '--model', 'openai:gpt-4.1-mini'], server: (a) => (a.name === 'eval' ? a.server : undefined) },
  { name: 'replay', before: ['replay', 'trace.jsonl'], server: (a) => (a.name === 'replay' ? a.server : undefined) },
  { name: 'watch', before: ['watch', '--resource', 'memo://x'], server: (a) => (a.name === 'watch' ? a.server : undefined) },
  { name: 'complete', before: ['complete', '--prompt', 'p', 'arg'], server: (a) => (a.name === 'complete' ? a.server : undefined) },
  { name: 'diff', before: ['diff', 'old.json'], server: (a) => (a.name === 'diff' ? a.new : undefined) },
];

function usageError(argv: string[], words: RegExp): void {
  assert.throws(() => parseCli(argv), (err: unknown) => err instanceof UsageError && words.test(err.message), argv.join(' '));
}

for (const c of COMMANDS) {
  test(`${c.name} takes --url with --header and --token, as check does`, () => {
    const args = parseCli([...c.before, '--url', URL, '--header', 'X-Team: blue', '--token', 'tok-1']);
    assert.deepEqual(c.server(args), { url: URL, headers: { 'X-Team': 'blue', Authorization: 'Bearer tok-1' }, secrets: ['tok-1'] });
  });

  test(`${c.name} takes --auth and the client-credentials flags; the secret is hidden; the timeout waits for a sign-in`, () => {
    const args = parseCli([...c.before, '--url', URL, '--client-id', 'lens', '--client-secret', 's3cret', '--no-token-cache']);
    assert.deepEqual(c.server(args), { url: URL, headers: {}, secrets: ['s3cret'], auth: { clientId: 'lens', clientSecret: 's3cret' }, tokenCache: false });
    assert.equal((parseCli([...c.before, '--url', URL, '--auth']) as { timeoutMs: number }).timeoutMs, 300_000);
  });

  test(`${c.name} still takes a stdio server after --`, () => {
    assert.deepEqual(c.server(parseCli([...c.before, '--', 'node', 's.js'])), { command: 'node', args: ['s.js'] });
  });

  test(`${c.name}: --url with -- CMD, and HTTP flags without --url, are usage errors as in check`, () => {
    usageError([...c.before, '--url', URL, '--', 'node', 's.js'], new RegExp(`^${c.name}: give either --url or a server command after --, not both$`));
    usageError([...c.before, '--token', 't', '--', 'node'], new RegExp(`^${c.name}: --header and --token go with --url`));
    usageError([...c.before, '--auth', '--', 'node'], new RegExp(`^${c.name}: --auth, --no-token-cache and the --client-\\* flags go with --url`));
    usageError([...c.before, '--url', URL, '--client-secret', 'x'], new RegExp(`^${c.name}: --client-secret goes with --client-id`));
  });
}

test('fuzz keeps its own hang timeout over HTTP; test without a server override runs the files\' own servers', () => {
  assert.equal((parseCli(['fuzz', '--url', URL]) as { timeoutMs: number }).timeoutMs, 5000);
  const own = parseCli(['test', 'a.mcptest.json']);
  assert.equal(own.name === 'test' && own.server, undefined);
  usageError(['test', 'a.mcptest.json', '--token', 't'], /^test: --header and --token go with --url/);
  usageError(['fuzz', 'echo'], /^fuzz: missing -- before the server command \(or --url URL\)$/);
  usageError(['diff', 'old.json', 'new.json', 'newer.json'], /^diff: expects OLD and NEW/);
  usageError(['diff', 'old.json', 'new.json', '--url', URL], /^diff: with a live server/);
});
