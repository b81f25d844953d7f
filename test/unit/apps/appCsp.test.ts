import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appCsp } from '../../../src/core/apps/appCsp';

/** The policy as directive → sources, so a test names what it checks. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split('; ').map((d) => { const [name, ...sources] = d.split(' '); return [name!, sources]; }));
}

test('nothing declared: the MCP Apps default, no network, no frames', () => {
  for (const declared of [undefined, null, {}, 'junk', [], 42]) {
    const { policy, domains, refused } = appCsp(declared);
    const d = directives(policy);
    assert.deepEqual(d.get('default-src'), ["'none'"]);
    assert.deepEqual(d.get('script-src'), ["'self'", "'unsafe-inline'"]);
    assert.deepEqual(d.get('style-src'), ["'self'", "'unsafe-inline'"]);
    assert.deepEqual(d.get('img-src'), ["'self'", 'data:']);
    assert.deepEqual(d.get('media-src'), ["'self'", 'data:']);
    assert.deepEqual(d.get('connect-src'), ["'self'"]);
    assert.deepEqual(d.get('frame-src'), ["'none'"]);
    assert.deepEqual(d.get('object-src'), ["'none'"]);
    assert.deepEqual(d.get('base-uri'), ["'self'"]);
    assert.deepEqual(domains, { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] });
    assert.deepEqual(refused, []);
  }
});

test('each declared list widens only its own directives', () => {
  const { policy, domains } = appCsp({
    connectDomains: ['https://api.example.com', 'wss://live.example.com'],
    resourceDomains: ['https://cdn.example.com', 'https://*.cdn.example.net'],
    frameDomains: ['https://www.youtube.com'],
    baseUriDomains: ['https://base.example.com/'],
  });
  const d = directives(policy);
  assert.deepEqual(d.get('connect-src'), ["'self'", 'https://api.example.com', 'wss://live.example.com']);
  for (const name of ['script-src', 'style-src']) assert.deepEqual(d.get(name), ["'self'", "'unsafe-inline'", 'https://cdn.example.com', 'https://*.cdn.example.net']);
  for (const name of ['img-src', 'media-src']) assert.deepEqual(d.get(name), ["'self'", 'data:', 'https://cdn.example.com', 'https://*.cdn.example.net']);
  assert.deepEqual(d.get('font-src'), ["'self'", 'https://cdn.example.com', 'https://*.cdn.example.net']);
  assert.deepEqual(d.get('frame-src'), ['https://www.youtube.com']);
  assert.deepEqual(d.get('base-uri'), ['https://base.example.com']);
  assert.deepEqual(domains.connectDomains, ['https://api.example.com', 'wss://live.example.com']);
});

test('localhost with a port, as app authors declare during development', () => {
  const { domains, refused } = appCsp({ connectDomains: ['http://localhost:3000', 'http://127.0.0.1:8080'] });
  assert.deepEqual(domains.connectDomains, ['http://localhost:3000', 'http://127.0.0.1:8080']);
  assert.deepEqual(refused, []);
});

test('a declared value that would write its own directives, keywords or schemes is refused, not escaped', () => {
  const hostile = [
    "https://ok.example.com; script-src 'unsafe-eval'",
    "'unsafe-eval'",
    '*',
    'https://*',
    'data:',
    'blob:',
    'javascript:alert(1)',
    'https://a.example.com https://b.example.com',
    'https://a.example.com/path/file.js',
    'file:///etc/passwd',
    "'nonce-abc'",
    42,
    null,
  ];
  const { policy, domains, refused } = appCsp({ resourceDomains: hostile, connectDomains: 'https://api.example.com' });
  assert.deepEqual(domains.resourceDomains, []);
  assert.deepEqual(domains.connectDomains, []);
  assert.equal(refused.length, hostile.length + 1);
  assert.deepEqual(refused.filter((r) => r.list === 'connectDomains'), [{ list: 'connectDomains', value: 'https://api.example.com', reason: 'not a list of origins' }]);
  assert.ok(!policy.includes('unsafe-eval'));
  assert.ok(!policy.includes('nonce'));
  // The policy has exactly the ten directives of the default: nothing was smuggled in.
  assert.equal(policy.split('; ').length, 10);
});

test('a domain declared twice is named once', () => {
  assert.deepEqual(appCsp({ frameDomains: ['https://a.example.com', 'https://a.example.com'] }).domains.frameDomains, ['https://a.example.com']);
});
