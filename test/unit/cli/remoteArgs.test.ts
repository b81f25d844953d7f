import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCli } from '../../../src/cli/args';
import { UsageError } from '../../../src/cli/usage';
import { isRemote } from '../../../src/cli/serverTarget';

const URL = 'http://127.0.0.1:3000/mcp';

test('--url names a Streamable HTTP server instead of a command; --header repeats; --token is a bearer credential', () => {
  const args = parseCli(['check', '--url', URL, '--header', 'X-Team: blue', '--header', 'X-Trace:  on ', '--token', 's3cret-token']);
  assert.deepEqual(args, {
    name: 'check',
    json: false,
    timeoutMs: 30_000,
    failOn: 'error',
    server: { url: URL, headers: { 'X-Team': 'blue', 'X-Trace': 'on', Authorization: 'Bearer s3cret-token' }, secrets: ['s3cret-token'] },
    probes: undefined,
  });
});

test('--auth and the client flags: the settings of the flow; a client id implies --auth; the secret is hidden; the timeout waits for a sign-in', () => {
  const plain = parseCli(['check', '--url', URL, '--auth']);
  assert.deepEqual(plain.name === 'check' && plain.server, { url: URL, headers: {}, secrets: [], auth: {}, tokenCache: true });
  const uncached = parseCli(['check', '--url', URL, '--auth', '--no-token-cache']);
  assert.equal(uncached.name === 'check' && isRemote(uncached.server) && uncached.server.tokenCache, false);
  assert.equal(plain.name === 'check' && plain.timeoutMs, 300_000);
  const pre = parseCli(['call', 't', '--url', URL, '--client-id', 'lens', '--client-secret', 's3cret', '--timeout', '5000']);
  assert.deepEqual(pre.name === 'call' && pre.server, { url: URL, headers: {}, secrets: ['s3cret'], auth: { clientId: 'lens', clientSecret: 's3cret' }, tokenCache: true });
  assert.equal(pre.name === 'call' && pre.timeoutMs, 5000);
  const cimd = parseCli(['read', 'docs://x', '--url', URL, '--auth', '--client-metadata-url', 'https://app.example/client.json']);
  assert.deepEqual(cimd.name === 'read' && cimd.server, { url: URL, headers: {}, secrets: [], auth: { clientMetadataUrl: 'https://app.example/client.json' }, tokenCache: true });
});

test('call, read and prompt take --url the same way', () => {
  const call = parseCli(['call', 'echo', '--args', '{"text":"hi"}', '--url', URL]);
  assert.equal(call.name, 'call');
  if (call.name === 'call') assert.deepEqual(call.server, { url: URL, headers: {}, secrets: [] });
  assert.deepEqual(parseCli(['read', 'docs://readme', '--url', URL, '--json']), {
    name: 'read',
    uri: 'docs://readme',
    vars: {},
    elicit: [],
    sample: [],
    roots: [],
    json: true,
    timeoutMs: 30_000,
    failOn: 'error',
    server: { url: URL, headers: {}, secrets: [] },
  });
  assert.deepEqual(parseCli(['prompt', 'review', '--args', '{"code":"x"}', '--url', URL]), {
    name: 'prompt',
    prompt: 'review',
    promptArgs: { code: 'x' },
    elicit: [],
    sample: [],
    roots: [],
    json: false,
    timeoutMs: 30_000,
    failOn: 'error',
    server: { url: URL, headers: {}, secrets: [] },
  });
});

test('read and prompt also run a stdio server after --', () => {
  const read = parseCli(['read', 'file:///a.txt', '--', 'node', 's.js']);
  assert.equal(read.name, 'read');
  if (read.name === 'read') assert.deepEqual(read.server, { command: 'node', args: ['s.js'] });
});

for (const [argv, words] of [
  [['check', '--url', URL, '--', 'node', 's.js'], /either --url or a server command/],
  [['call', 'echo', '--url', URL, 'extra'], /either --url or a server command/],
  [['check', '--header', 'X-A: 1', '--', 'node'], /--header and --token go with --url/],
  [['check', '--token', 't', '--', 'node'], /--header and --token go with --url/],
  [['check', '--auth', '--', 'node'], /--auth, --no-token-cache and the --client-\* flags go with --url/],
  [['check', '--no-token-cache', '--', 'node'], /--no-token-cache and the --client-\* flags go with --url/],
  [['check', '--url', URL, '--client-secret', 's3cret'], /--client-secret goes with --client-id/],
  [['check', '--url', URL, '--client-id', ''], /--client-id needs the id/],
  [['check', '--url', URL, '--auth', '--client-metadata-url', 'http://app.example/client.json'], /--client-metadata-url must be the https URL/],
  [['check', '--url', URL, '--header', 'no colon'], /--header takes 'Name: value'/],
  [['check', '--url', URL, '--header', 'Bad Name: v'], /--header takes 'Name: value'/],
  [['check', '--url', ''], /--url needs the server's address/],
  [['check', '--url', URL, '--token', ''], /--token needs a value/],
  [['read', '--url', URL], /missing the resource URI/],
  [['prompt', '--url', URL], /missing the prompt name/],
  [['prompt', 'p', '--args', '[1]', '--url', URL], /prompt: --args must be a JSON object/],
  [['read', 'docs://x'], /read: missing -- before the server command/],
] as const) {
  test(`usage error: ${argv.join(' ')}`, () => {
    assert.throws(() => parseCli(argv), (err: unknown) => err instanceof UsageError && words.test(err.message));
  });
}

test('--transport sse names an HTTP+SSE (2024-11-05) server; http is the default; it goes with --url only', () => {
  const sse = parseCli(['check', '--url', 'http://127.0.0.1:3000/sse', '--transport', 'sse']);
  assert.deepEqual(sse.name === 'check' && sse.server, { url: 'http://127.0.0.1:3000/sse', headers: {}, secrets: [], transport: 'sse' });
  const http = parseCli(['check', '--url', URL, '--transport', 'http']);
  assert.deepEqual(http.name === 'check' && http.server, { url: URL, headers: {}, secrets: [] });
  assert.throws(() => parseCli(['check', '--url', URL, '--transport', 'websocket']), (e: Error) => e instanceof UsageError && /--transport takes http .* or sse/.test(e.message));
  assert.throws(() => parseCli(['check', '--transport', 'sse', '--', 'node', 's.js']), (e: Error) => e instanceof UsageError && /--transport goes with --url/.test(e.message));
});
