import { test } from 'node:test';
import assert from 'node:assert/strict';
import { annotationFacts, annotationTags, displayTitle, iconFacts } from '../../../src/core/names/itemMetadata';

test('display title: title, then (tools) annotations.title, else none; a title equal to the name adds nothing', () => {
  assert.equal(displayTitle({ name: 'get_forecast', title: 'Get Forecast' }), 'Get Forecast');
  assert.equal(displayTitle({ name: 'delete_city', annotations: { title: 'Delete a City' } }), 'Delete a City');
  assert.equal(displayTitle({ name: 'x', title: 'Shown', annotations: { title: 'Not shown' } }), 'Shown');
  assert.equal(displayTitle({ name: 'same', title: 'same' }), undefined);
  assert.equal(displayTitle({ name: 'blank', title: '  ' }), undefined);
  assert.equal(displayTitle({ name: 'n', title: 42 }), undefined);
});

test('annotations: audience and priority; tool hints, destructiveHint only where not read-only', () => {
  assert.deepEqual(annotationFacts({ annotations: { audience: ['user', 'assistant', 3], priority: 0.9, lastModified: '2025-01-12T15:00:58Z' } }), ['audience: user, assistant', 'priority: 0.9', 'last modified: 2025-01-12T15:00:58Z']);
  assert.deepEqual(annotationFacts({ annotations: { readOnlyHint: true, destructiveHint: true, openWorldHint: false } }), ['read-only', 'closed world']);
  assert.deepEqual(annotationFacts({ annotations: { destructiveHint: true, idempotentHint: true, openWorldHint: true } }), ['destructive', 'idempotent', 'open world']);
  assert.deepEqual(annotationTags({ annotations: { destructiveHint: true, idempotentHint: true, priority: 1 } }), ['priority: 1', 'destructive']);
  assert.deepEqual(annotationFacts({ annotations: 'nope' }), []);
  assert.deepEqual(annotationFacts({ annotations: { priority: Number.NaN } }), []);
});

test('icons are described, never given as a loadable address: remote by host only, data: by size, other schemes by scheme', () => {
  assert.deepEqual(
    iconFacts({
      icons: [
        { src: 'https://icons.example.com/a/b/sun.png?track=1', mimeType: 'image/png', sizes: ['48x48', '96x96'], theme: 'dark' },
        { src: 'data:image/png;base64,iVBORw0KGgo=', mimeType: 'image/png' },
        { src: 'javascript:alert(1)' },
        { src: 'not a uri' },
        { mimeType: 'image/png' },
      ],
    }),
    ['image/png · 48x48 96x96 · dark theme · https://icons.example.com/… (not loaded)', 'image/png · embedded (34 characters)', 'javascript: URI (not loaded)', 'not a URI'],
  );
  assert.deepEqual(iconFacts({ icons: 'x' }), []);
});
