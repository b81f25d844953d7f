import { test } from 'node:test';
import assert from 'node:assert/strict';
import { base64Bytes, languageForMime, resourceParts } from '../../../src/core/resources/contents';
import { explainReadFailure } from '../../../src/core/resources/readFailure';
import { completionParams, offersCompletions, readCompletion } from '../../../src/core/resources/completion';

test('a text resource gets the language its mime type (or else its extension) names', () => {
  assert.equal(languageForMime('application/json'), 'json');
  assert.equal(languageForMime('text/markdown; charset=utf-8'), 'markdown');
  assert.equal(languageForMime('application/vnd.api+json'), 'json');
  assert.equal(languageForMime(undefined, 'file:///a/b.py'), 'python');
  assert.equal(languageForMime('application/octet-stream', 'file:///a/b'), 'plaintext');
  assert.equal(languageForMime('text/plain', 'file:///x.ts'), 'plaintext');
});

test('contents: text, previewable and opaque blobs, and items that are neither', () => {
  const parts = resourceParts({
    contents: [
      { uri: 'a://1', mimeType: 'application/json', text: '{}' },
      { uri: 'a://2', mimeType: 'image/png', blob: 'iVBORw0KGgo=' },
      { uri: 'a://3', mimeType: 'audio/wav', blob: 'UklGRg==' },
      { uri: 'a://4', mimeType: 'image/svg+xml', blob: 'PHN2Zz4=' },
      { uri: 'a://5', blob: 'not base64!' },
      { uri: 'a://6' },
    ],
  });
  assert.deepEqual(parts.map((p) => (p.kind === 'blob' ? `blob:${p.preview}:${p.bytes}` : p.kind === 'text' ? `text:${p.languageId}` : 'invalid')), [
    'text:json',
    'blob:image:8',
    'blob:audio:4',
    'blob:none:5',
    'invalid',
    'invalid',
  ]);
  assert.equal(base64Bytes('SGVsbG8='), 5);
});

test('not found: -32002 (legacy) and -32602 (2026-07-28) are told apart and explained', () => {
  assert.equal(explainReadFailure(-32002, 'legacy', 'x://a').kind, 'not-found-legacy');
  assert.match(explainReadFailure(-32002, 'modern', 'x://a').explanation, /MUST answer an unknown resource with -32602/);
  assert.equal(explainReadFailure(-32602, 'modern', 'x://a').kind, 'not-found');
  assert.equal(explainReadFailure(-32602, 'legacy', 'x://a').kind, 'invalid-params');
  assert.equal(explainReadFailure(-32603, 'legacy', 'x://a').kind, 'other');
});

test('completion/complete params: the ref, the argument, and the other filled fields as context', () => {
  assert.deepEqual(completionParams({ ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'b', value: 'x' }, context: { a: 'Sales', b: 'x', c: '' } }), {
    ref: { type: 'ref/prompt', name: 'p' },
    argument: { name: 'b', value: 'x' },
    context: { arguments: { a: 'Sales' } },
  });
  assert.deepEqual(completionParams({ ref: { type: 'ref/resource', uri: 't://{a}' }, argument: { name: 'a', value: '' } }), {
    ref: { type: 'ref/resource', uri: 't://{a}' },
    argument: { name: 'a', value: '' },
  });
});

test('a completion answer keeps strings only, at most 100', () => {
  const many = Array.from({ length: 150 }, (_, i) => `v${i}`);
  const c = readCompletion({ completion: { values: [...many, 3], total: 150, hasMore: true } });
  assert.equal(c.values.length, 100);
  assert.equal(c.total, 150);
  assert.equal(c.hasMore, true);
  assert.deepEqual(readCompletion({}).values, []);
  assert.equal(offersCompletions({ completions: {} }), true);
  assert.equal(offersCompletions({ prompts: {} }), false);
});
