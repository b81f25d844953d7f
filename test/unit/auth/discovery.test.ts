import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bearerChallenge } from '../../../src/core/auth/challenge';
import { resourceMetadataUrls } from '../../../src/core/auth/resourceMetadata';
import { chooseScope } from '../../../src/core/auth/scopes';
import { serverMetadataUrls } from '../../../src/core/auth/serverMetadata';

test('resource metadata: the path-based well-known URL first, then the root one', () => {
  assert.deepEqual(resourceMetadataUrls(new URL('https://mcp.example/v1/mcp')), [
    'https://mcp.example/.well-known/oauth-protected-resource/v1/mcp',
    'https://mcp.example/.well-known/oauth-protected-resource',
  ]);
  assert.deepEqual(resourceMetadataUrls(new URL('https://mcp.example/')), ['https://mcp.example/.well-known/oauth-protected-resource']);
});

test('authorization server metadata: RFC 8414 then OpenID discovery, path inserted then appended', () => {
  assert.deepEqual(serverMetadataUrls(new URL('https://as.example/tenant1')), [
    'https://as.example/.well-known/oauth-authorization-server/tenant1',
    'https://as.example/.well-known/openid-configuration/tenant1',
    'https://as.example/tenant1/.well-known/openid-configuration',
  ]);
  assert.deepEqual(serverMetadataUrls(new URL('https://as.example')), [
    'https://as.example/.well-known/oauth-authorization-server',
    'https://as.example/.well-known/openid-configuration',
  ]);
});

test('WWW-Authenticate: the Bearer challenge parameters, quoted or not, beside another scheme', () => {
  assert.deepEqual(bearerChallenge('Bearer error="insufficient_scope", scope="mcp:write files:read", resource_metadata="https://mcp.example/.well-known/oauth-protected-resource"'), {
    error: 'insufficient_scope',
    scope: 'mcp:write files:read',
    resourceMetadata: 'https://mcp.example/.well-known/oauth-protected-resource',
  });
  assert.deepEqual(bearerChallenge('Basic realm="x", Bearer scope=a'), { scope: 'a' });
  assert.deepEqual(bearerChallenge(undefined), {});
});

test('scope selection: the challenge, else scopes_supported, else none; step-up is the union; offline_access when offered', () => {
  assert.equal(chooseScope({ challenge: 'a', resourceScopes: ['b'] }), 'a');
  assert.equal(chooseScope({ resourceScopes: ['b', 'c'] }), 'b c');
  assert.equal(chooseScope({}), undefined);
  assert.equal(chooseScope({ serverScopes: ['offline_access'] }), undefined, 'no scope to widen: the parameter stays out');
  assert.equal(chooseScope({ challenge: 'write', previous: 'read' }), 'read write');
  assert.equal(chooseScope({ resourceScopes: ['mcp'], serverScopes: ['mcp', 'offline_access'] }), 'mcp offline_access');
});
