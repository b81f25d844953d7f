import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MEDIA_PREVIEW_CHARS, STRUCTURED_PREVIEW_CHARS, TEXT_PREVIEW_CHARS, clipResult } from '../../../../src/extension/tools/clipResult';

const MiB = 1024 * 1024;

test('a 50 MiB text block is posted as a 256 KiB head with its full size; the original is untouched', () => {
  const text = 'a'.repeat(50 * MiB);
  const result = { content: [{ type: 'text', text: 'small' }, { type: 'text', text }], isError: false };
  const { result: posted, clipped } = clipResult(result);
  const blocks = posted.content as { type: string; text: string }[];
  assert.equal(blocks[0]!.text, 'small');
  assert.equal(blocks[1]!.text.length, TEXT_PREVIEW_CHARS);
  assert.ok(text.startsWith(blocks[1]!.text));
  assert.deepEqual(clipped?.content, { 1: { bytes: 50 * MiB, preview: 'head' } });
  assert.equal(posted.isError, false);
  // The host keeps the full result for "Open full result".
  assert.equal((result.content[1] as { text: string }).text.length, 50 * MiB);
  // What goes to the webview is small.
  assert.ok(JSON.stringify(posted).length < 2 * TEXT_PREVIEW_CHARS);
});

test('a small result is posted as it is, with no note', () => {
  const result = { content: [{ type: 'text', text: 'x'.repeat(TEXT_PREVIEW_CHARS) }], structuredContent: { ok: true } };
  const out = clipResult(result);
  assert.equal(out.result, result);
  assert.equal(out.clipped, undefined);
});

test('big structuredContent becomes the head of its JSON text; big images and blobs are not previewed', () => {
  const rows = Array.from({ length: 40_000 }, (_, i) => ({ id: i, name: `row ${i} ${'é'.repeat(20)}` }));
  const data = 'A'.repeat(MEDIA_PREVIEW_CHARS + 4);
  const result = {
    content: [
      { type: 'image', mimeType: 'image/png', data },
      { type: 'resource', resource: { uri: 'file:///big.bin', mimeType: 'application/octet-stream', blob: data } },
      { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
    ],
    structuredContent: { rows },
  };
  const json = JSON.stringify(result.structuredContent);
  assert.ok(json.length > STRUCTURED_PREVIEW_CHARS);
  const { result: posted, clipped } = clipResult(result);
  assert.equal(posted.structuredContent, null);
  assert.equal(clipped?.structured?.bytes, Buffer.byteLength(json));
  assert.ok(json.startsWith(clipped!.structured!.preview));
  assert.equal(clipped!.structured!.preview.length, TEXT_PREVIEW_CHARS);
  const blocks = posted.content as Record<string, unknown>[];
  assert.equal(blocks[0]!.data, '');
  assert.equal((blocks[1]!.resource as { blob: string }).blob, '');
  assert.equal(blocks[2]!.data, 'iVBORw0KGgo=');
  const bytes = ((MEDIA_PREVIEW_CHARS + 4) * 3) / 4;
  assert.deepEqual(clipped?.content, { 0: { bytes, preview: 'none' }, 1: { bytes, preview: 'none' } });
});

test('a clipped head never ends in half a surrogate pair', () => {
  const text = `${'a'.repeat(TEXT_PREVIEW_CHARS - 1)}😀${'b'.repeat(TEXT_PREVIEW_CHARS)}`;
  const { result } = clipResult({ content: [{ type: 'text', text }] });
  const head = (result.content as { text: string }[])[0]!.text;
  assert.equal(head, 'a'.repeat(TEXT_PREVIEW_CHARS - 1));
});
