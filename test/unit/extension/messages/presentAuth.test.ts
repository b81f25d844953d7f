import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TraceEvent } from '../../../../src/core/trace/event';
import { rowData } from '../../../../src/extension/messages/present';

const meta = (seq: number, info: Record<string, unknown>, raw: string): TraceEvent => ({ seq, t: seq, dir: 'meta', kind: 'auth', raw, info });

test('Messages view: each exchange of the authorization flow is a row of its own, named by its step; the failed step is an error', () => {
  const exchange = rowData({ type: 'meta', id: 'm3', seq: 3, event: meta(3, { auth: { step: 'server-metadata', method: 'GET', url: 'https://as.example/.well-known/oauth-authorization-server', status: 200 } }, 'x') });
  assert.equal(exchange.label, 'auth: server-metadata');
  assert.equal(exchange.description, 'GET https://as.example/.well-known/oauth-authorization-server → 200');
  assert.equal(exchange.icon, 'key');
  const failed = rowData({ type: 'meta', id: 'm4', seq: 4, event: meta(4, { authFailure: { rule: 'auth-pkce-unsupported', message: 'no S256', hint: '', evidence: [3] } }, 'no S256') });
  assert.equal(failed.label, 'authorization failed');
  assert.equal(failed.icon, 'error');
  const waiting = rowData({ type: 'meta', id: 'm5', seq: 5, event: meta(5, { signInRequired: { issuer: 'https://as.example/' } }, 'the server asks for authorization: sign in at https://as.example/') });
  assert.equal(waiting.label, 'sign-in needed', 'a start that stopped for the person is not a failure');
  assert.notEqual(waiting.icon, 'error');
});
