import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, test } from 'node:test';
import { AuthorizationError } from '../../../src/core/auth/errors';
import { AuthExchanges } from '../../../src/core/auth/exchanges';
import { discoverResourceMetadata } from '../../../src/core/auth/resourceMetadata';
import { discoverServerMetadata } from '../../../src/core/auth/serverMetadata';
import { Trace } from '../../../src/core/trace/trace';

// Each branch of discovery against a real HTTP server on 127.0.0.1 that publishes, per test,
// exactly the documents a server in that situation publishes (every other address is 404).
let server: Server;
let origin = '';
const routes = new Map<string, { status: number; body: string }>();
before(async () => {
  server = createServer((req, res) => {
    const route = routes.get(req.url ?? '');
    if (!route) return void res.writeHead(404).end();
    res.writeHead(route.status, { 'content-type': 'application/json' }).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => routes.clear());

const publish = (path: string, doc: unknown, status = 200) => routes.set(path, { status, body: typeof doc === 'string' ? doc : JSON.stringify(doc) });

function flow(): { exchanges: AuthExchanges; asked: () => string[] } {
  const trace = new Trace();
  const exchanges = new AuthExchanges(trace);
  return { exchanges, asked: () => trace.events.map((e) => new URL((e.info?.auth as { url: string }).url).pathname) };
}

const rule = (expected: string, message: RegExp) => (err: unknown) => {
  assert.ok(err instanceof AuthorizationError, String(err));
  assert.equal(err.rule, expected);
  assert.match(err.message, message);
  assert.equal(err.evidence.length, 1, 'the exchange that proves it is cited');
  return true;
};

test('resource metadata: the challenge\'s resource_metadata is read first, and the well-known addresses are not needed', async () => {
  const { exchanges, asked } = flow();
  publish('/meta/prm.json', { resource: `${origin}/v1/mcp`, authorization_servers: [`${origin}/as`], scopes_supported: ['mcp'] });
  const found = await discoverResourceMetadata(new URL(`${origin}/v1/mcp`), `${origin}/meta/prm.json`, exchanges);
  assert.deepEqual(asked(), ['/meta/prm.json']);
  assert.deepEqual(found?.authorization_servers, [`${origin}/as`]);
  assert.deepEqual(found?.scopes_supported, ['mcp']);
});

test('resource metadata: the path-based well-known address 404s, the root one answers; a parent resource is this server\'s', async () => {
  const { exchanges, asked } = flow();
  publish('/.well-known/oauth-protected-resource', { resource: `${origin}/`, authorization_servers: [origin] });
  const found = await discoverResourceMetadata(new URL(`${origin}/v1/mcp`), undefined, exchanges);
  assert.deepEqual(asked(), ['/.well-known/oauth-protected-resource/v1/mcp', '/.well-known/oauth-protected-resource']);
  assert.equal(found?.resource, `${origin}/`);
});

test('resource metadata: none published (a 2025-03-26 server): undefined after every address, no diagnostic', async () => {
  const { exchanges, asked } = flow();
  assert.equal(await discoverResourceMetadata(new URL(`${origin}/mcp`), undefined, exchanges), undefined);
  assert.equal(asked().length, 2);
});

test('resource metadata without "resource", or not JSON: auth-metadata', async () => {
  publish('/.well-known/oauth-protected-resource/mcp', { authorization_servers: [origin] });
  await assert.rejects(discoverResourceMetadata(new URL(`${origin}/mcp`), undefined, flow().exchanges), rule('auth-metadata', /not a JSON object with a "resource" string/));
  publish('/.well-known/oauth-protected-resource/mcp', '<html>login</html>');
  await assert.rejects(discoverResourceMetadata(new URL(`${origin}/mcp`), undefined, flow().exchanges), rule('auth-metadata', /"resource"/));
});

test('resource metadata for a sibling path of the same origin is another resource: auth-resource-mismatch', async () => {
  publish('/.well-known/oauth-protected-resource/v1/mcp', { resource: `${origin}/v2/mcp` });
  await assert.rejects(discoverResourceMetadata(new URL(`${origin}/v1/mcp`), undefined, flow().exchanges), rule('auth-resource-mismatch', /v2\/mcp/));
});

test('server metadata: no RFC 8414 document, OpenID Connect discovery answers and is used', async () => {
  const { exchanges, asked } = flow();
  publish('/.well-known/openid-configuration', { issuer: origin, authorization_endpoint: `${origin}/auth`, token_endpoint: `${origin}/tok`, code_challenge_methods_supported: ['S256'] });
  const as = await discoverServerMetadata(new URL(origin), exchanges);
  assert.deepEqual(asked(), ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']);
  assert.equal(as?.token_endpoint, `${origin}/tok`);
});

test('server metadata of an issuer with a path: RFC 8414 inserted, OpenID inserted, then OpenID appended', async () => {
  const { exchanges, asked } = flow();
  publish('/tenant1/.well-known/openid-configuration', { issuer: `${origin}/tenant1`, authorization_endpoint: `${origin}/tenant1/auth`, token_endpoint: `${origin}/tenant1/tok` });
  const as = await discoverServerMetadata(new URL(`${origin}/tenant1`), exchanges);
  assert.deepEqual(asked(), ['/.well-known/oauth-authorization-server/tenant1', '/.well-known/openid-configuration/tenant1', '/tenant1/.well-known/openid-configuration']);
  assert.equal(as?.issuer, `${origin}/tenant1`);
});

test('server metadata nowhere: undefined (the caller falls back or reports auth-metadata)', async () => {
  const { exchanges, asked } = flow();
  assert.equal(await discoverServerMetadata(new URL(origin), exchanges), undefined);
  assert.equal(asked().length, 2);
});

test('server metadata that is not JSON: auth-metadata; another issuer: auth-issuer-mismatch', async () => {
  publish('/.well-known/oauth-authorization-server', 'not json');
  await assert.rejects(discoverServerMetadata(new URL(origin), flow().exchanges), rule('auth-metadata', /is not valid/));
  publish('/.well-known/oauth-authorization-server', { issuer: 'https://attacker.example', authorization_endpoint: `${origin}/auth`, token_endpoint: `${origin}/tok` });
  await assert.rejects(discoverServerMetadata(new URL(origin), flow().exchanges), rule('auth-issuer-mismatch', /attacker\.example/));
});
