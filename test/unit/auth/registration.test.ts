import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type * as oauth from 'oauth4webapi';
import { AuthorizationError } from '../../../src/core/auth/errors';
import { AuthExchanges } from '../../../src/core/auth/exchanges';
import { identifyClient } from '../../../src/core/auth/registration';
import { Trace } from '../../../src/core/trace/trace';

// Client identification in the MCP spec's order: a pre-registered client id, then a Client ID
// Metadata Document where the server advertises it, then Dynamic Client Registration (RFC 7591).
// The registration refusals come from a small authorization server on 127.0.0.1 whose /register
// answers what a misconfigured server answers; a successful registration is tested against the
// official SDK's server in test/unit/cli/auth.test.ts.
let server: Server;
let origin = '';
before(async () => {
  server = createServer((req, res) => {
    if (req.url === '/register-refuses') return void res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_redirect_uri', error_description: 'loopback redirects are not allowed' }));
    if (req.url === '/register-no-id') return void res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ client_name: 'MCP Lens' }));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const REDIRECT = 'http://127.0.0.1:4567/callback';
const as = (extra: Partial<oauth.AuthorizationServer> = {}): oauth.AuthorizationServer => ({ issuer: `${origin}/`, authorization_endpoint: `${origin}/authorize`, token_endpoint: `${origin}/token`, ...extra });

function exchanges(): { trace: Trace; exchanges: AuthExchanges } {
  const trace = new Trace();
  return { trace, exchanges: new AuthExchanges(trace) };
}

test('a pre-registered client id comes first, even where metadata documents and registration are offered', async () => {
  const { trace, exchanges: ex } = exchanges();
  const server = as({ client_id_metadata_document_supported: true, registration_endpoint: `${origin}/register-refuses` } as Partial<oauth.AuthorizationServer>);
  const withSecret = await identifyClient(server, { clientId: 'pre', clientSecret: 'shh-secret', clientMetadataUrl: 'https://lens.example/client.json' }, REDIRECT, ex);
  assert.equal(withSecret.how, 'pre-registered');
  assert.equal(withSecret.client.client_id, 'pre');
  assert.equal(withSecret.client.token_endpoint_auth_method, 'client_secret_basic', 'RFC 8414 §2: the default method when the server lists none');
  const post = await identifyClient(as({ token_endpoint_auth_methods_supported: ['client_secret_post'] }), { clientId: 'pre', clientSecret: 'shh-secret' }, REDIRECT, ex);
  assert.equal(post.client.token_endpoint_auth_method, 'client_secret_post');
  const publicClient = await identifyClient(server, { clientId: 'pre' }, REDIRECT, ex);
  assert.equal(publicClient.client.token_endpoint_auth_method, 'none');
  assert.deepEqual(trace.events, [], 'nothing was sent: no registration');
});

test('a Client ID Metadata Document where the server advertises client_id_metadata_document_supported: its URL is the client id', async () => {
  const { trace, exchanges: ex } = exchanges();
  const url = 'https://lens.example/client.json';
  const identity = await identifyClient(as({ client_id_metadata_document_supported: true, registration_endpoint: `${origin}/register-refuses` } as Partial<oauth.AuthorizationServer>), { clientMetadataUrl: url }, REDIRECT, ex);
  assert.equal(identity.how, 'metadata-document');
  assert.equal(identity.client.client_id, url);
  assert.equal(identity.client.token_endpoint_auth_method, 'none');
  assert.deepEqual(trace.events, [], 'no registration request');
});

test('a metadata document URL the server does not advertise support for, and no registration endpoint: auth-registration says both', async () => {
  const { exchanges: ex } = exchanges();
  await assert.rejects(identifyClient(as(), { clientMetadataUrl: 'https://lens.example/client.json' }, REDIRECT, ex), (err: unknown) => {
    assert.ok(err instanceof AuthorizationError);
    assert.equal(err.rule, 'auth-registration');
    assert.match(err.message, /no registration endpoint and does not advertise client ID metadata documents/);
    return true;
  });
});

test('registration refused (RFC 7591 error object): auth-registration with the server\'s error, citing the registration exchange', async () => {
  const { trace, exchanges: ex } = exchanges();
  await assert.rejects(identifyClient(as({ registration_endpoint: `${origin}/register-refuses` }), {}, REDIRECT, ex), (err: unknown) => {
    assert.ok(err instanceof AuthorizationError);
    assert.equal(err.rule, 'auth-registration');
    assert.match(err.message, /HTTP 400: invalid_redirect_uri \(loopback redirects are not allowed\)/);
    const registration = trace.events.find((e) => (e.info?.auth as { step?: string } | undefined)?.step === 'registration');
    assert.ok(registration, 'the registration exchange is in the trace');
    assert.deepEqual(err.evidence, [registration.seq]);
    return true;
  });
});

test('a registration answer without client_id is refused: auth-registration', async () => {
  const { exchanges: ex } = exchanges();
  await assert.rejects(identifyClient(as({ registration_endpoint: `${origin}/register-no-id` }), {}, REDIRECT, ex), (err: unknown) => {
    assert.ok(err instanceof AuthorizationError);
    assert.equal(err.rule, 'auth-registration');
    assert.match(err.message, /client_id/);
    return true;
  });
});
