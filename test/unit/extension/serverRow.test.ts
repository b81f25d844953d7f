import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rowText } from '../../../src/extension/serverRow';

const stdio = { transport: 'stdio' };
/** About what a description shows beside a short server name in a default-width sidebar. */
const VISIBLE = 28;

test('a running row leads with the era, which the icon cannot show', () => {
  const text = rowText({ ...stdio, state: { kind: 'running' }, era: { era: 'modern', protocolVersion: '2026-07-28' } });
  assert.equal(text.short, 'modern 2026-07-28');
  assert.ok(text.short.length <= VISIBLE);
  assert.equal(text.full, 'running · modern 2026-07-28');
  assert.equal(rowText({ ...stdio, state: { kind: 'running' } }).short, 'running');
});

test('a crash leads with its reason; the exit status follows and the tooltip tells it whole', () => {
  const reason = "TypeError: Cannot read properties of undefined (reading 'prompts')";
  const text = rowText({ ...stdio, state: { kind: 'crashed', code: 1, signal: null, reason, stderrTail: [] } });
  assert.equal(text.short, `${reason} · exited (code 1)`);
  assert.equal(text.full, `exited (code 1): ${reason}`);
  assert.equal(rowText({ ...stdio, state: { kind: 'crashed', code: 0, signal: null, stderrTail: [] } }).short, 'exited (code 0)');
});

test('an error shows its first line without an "error:" prefix in the row', () => {
  const text = rowText({ ...stdio, state: { kind: 'error', message: 'Could not send initialize: EPIPE\nat write', stderrTail: [] } });
  assert.equal(text.short, 'Could not send initialize: EPIPE');
  assert.equal(text.full, 'error: Could not send initialize: EPIPE\nat write');
});

test('an HTTP+SSE server reads like any other (MCP Lens runs it); one that needs sign-in says so', () => {
  assert.equal(rowText({ transport: 'sse', state: { kind: 'stopped' } }).short, 'stopped');
  const text = rowText({ transport: 'http', state: { kind: 'needs-sign-in', issuer: 'https://auth.example.com' } });
  assert.equal(text.short, 'needs sign-in');
  assert.ok(text.short.length <= VISIBLE);
  assert.match(text.full, /auth\.example\.com asks for authorization/);
});
