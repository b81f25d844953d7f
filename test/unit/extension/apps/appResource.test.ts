import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appDocumentOf, uiResourceOf } from '../../../../src/extension/apps/appResource';
import { laneLabel } from '../../../../src/extension/apps/lane';

const MIME = 'text/html;profile=mcp-app';

test('the ui:// link of a tool: nested _meta.ui.resourceUri, the deprecated flat key, none, or unusable', () => {
  assert.deepEqual(uiResourceOf({ name: 't', _meta: { ui: { resourceUri: 'ui://a/app.html' } } }), { uri: 'ui://a/app.html' });
  assert.deepEqual(uiResourceOf({ name: 't', _meta: { 'ui/resourceUri': 'ui://b/app.html' } }), { uri: 'ui://b/app.html' });
  assert.equal(uiResourceOf({ name: 't' }), undefined);
  assert.equal(uiResourceOf(undefined), undefined);
  const bad = uiResourceOf({ name: 't', _meta: { ui: { resourceUri: 'https://evil.example/app.html' } } });
  assert.ok(bad && 'problem' in bad, 'a non-ui:// link is a problem, not an app');
});

test('the app document: text or base64 blob of the MCP App mime type, its csp from the item or the listing', () => {
  const csp = { connectDomains: ['https://api.example.com'] };
  assert.deepEqual(appDocumentOf({ contents: [{ uri: 'ui://a', mimeType: MIME, text: '<p>hi</p>', _meta: { ui: { csp } } }] }, undefined), { html: '<p>hi</p>', csp });
  const blob = Buffer.from('<p>blob</p>').toString('base64');
  assert.deepEqual(appDocumentOf({ contents: [{ uri: 'ui://a', mimeType: MIME, blob }] }, { uri: 'ui://a', _meta: { ui: { csp } } }), { html: '<p>blob</p>', csp });
});

test('a resource that is not an app says why', () => {
  const wrongMime = appDocumentOf({ contents: [{ uri: 'ui://a', mimeType: 'text/html', text: '<p>hi</p>' }] }, undefined);
  assert.ok('problem' in wrongMime && wrongMime.problem.includes('text/html'));
  assert.ok('problem' in appDocumentOf({ contents: [] }, undefined));
  assert.ok('problem' in appDocumentOf({}, undefined));
  assert.ok('problem' in appDocumentOf({ contents: [{ uri: 'ui://a', mimeType: MIME }] }, undefined));
});

test('the app lane names a message by its method, or the id it answers', () => {
  assert.equal(laneLabel({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add' } }), 'tools/call add #3');
  assert.equal(laneLabel({ jsonrpc: '2.0', method: 'ui/notifications/initialized' }), 'ui/notifications/initialized');
  assert.equal(laneLabel({ jsonrpc: '2.0', id: 0, result: {} }), 'result #0');
  assert.equal(laneLabel({ jsonrpc: '2.0', id: 'x', error: { code: -32601, message: 'no' } }), 'error #"x"');
  assert.equal(laneLabel('junk'), 'app: not a JSON-RPC message');
});
