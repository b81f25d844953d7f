import assert from 'node:assert/strict';
import { test } from 'node:test';
import { offeredTools } from '../../../src/core/eval/offeredTools';

test('tools go to the model as listed; an MCP Apps tool visible only to its app is left out', () => {
  const listed = [
    { name: 'search', description: 'Find things', inputSchema: { type: 'object', properties: { q: { type: 'string' } } }, annotations: { readOnlyHint: true }, title: 'Search' },
    { name: 'refresh_chart', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'ui://chart', visibility: ['app'] } } },
    { name: 'show_chart', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'ui://chart', visibility: ['model', 'app'] } } },
    { name: 'legacy_app', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'ui://x' } } },
  ];
  assert.deepEqual(offeredTools(listed), [
    { name: 'search', description: 'Find things', inputSchema: { type: 'object', properties: { q: { type: 'string' } } }, annotations: { readOnlyHint: true } },
    { name: 'show_chart', inputSchema: { type: 'object' } },
    { name: 'legacy_app', inputSchema: { type: 'object' } },
  ]);
});
