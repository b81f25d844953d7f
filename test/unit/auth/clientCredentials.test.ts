import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import { usesClientCredentials } from '../../../src/core/auth/clientCredentials';
import { importPrivateKey } from '../../../src/core/auth/privateKey';

const as = (grant_types_supported?: string[]) => ({ issuer: 'https://as.example', ...(grant_types_supported ? { grant_types_supported } : {}) });

test('client credentials: only with a client id and a secret or key, and a server that offers the grant and not the code flow', () => {
  const secret = { clientId: 'ci', clientSecret: 's3cret' };
  assert.equal(usesClientCredentials(as(['client_credentials']), secret), true);
  assert.equal(usesClientCredentials(as(['client_credentials']), { clientId: 'ci', privateKeyPem: 'pem' }), true);
  assert.equal(usesClientCredentials(as(['authorization_code', 'client_credentials']), secret), false, 'a person can sign in: the code flow');
  assert.equal(usesClientCredentials(as(), secret), false, 'RFC 8414 default grant types: authorization_code, implicit');
  assert.equal(usesClientCredentials(as(['client_credentials']), { clientId: 'ci' }), false, 'a public client has nothing to authenticate with');
});

test('private_key_jwt keys: PKCS #8 PEM for the named algorithm; another algorithm is refused', async () => {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const key = (await importPrivateKey(pem, 'ES256')) as unknown as { type: string; extractable: boolean };
  assert.equal(key.type, 'private');
  assert.equal(key.extractable, false);
  await assert.rejects(importPrivateKey(pem, 'HS256'), /unsupported signing algorithm HS256/);
});
