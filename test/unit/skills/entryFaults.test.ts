import { test } from 'node:test';
import assert from 'node:assert/strict';
import { entryFaults, listingFaults } from '../../../src/core/skills/entryFaults';

// A Skill entry against the extension's MUSTs (errors) and SHOULDs (warnings), SEP-2640 "Skill Entries".
const DIGEST = `sha256:${'0'.repeat(64)}`;
const entry = (over: Record<string, unknown> = {}) => ({
  uri: 'skill://acme/refunds/SKILL.md',
  frontmatter: { name: 'refunds', description: 'Process refunds' },
  resources: [
    { uri: 'skill://acme/refunds/SKILL.md', digest: DIGEST, size: 10 },
    { uri: 'skill://acme/refunds/examples/email.md', digest: DIGEST, size: 4 },
  ],
  ...over,
});
const texts = (faults: { severity: string; text: string }[], severity: string) => faults.filter((f) => f.severity === severity).map((f) => f.text);

test('a valid entry, and a "dynamic" one, have no faults', () => {
  assert.deepEqual(entryFaults(entry(), 'e'), []);
  assert.deepEqual(entryFaults(entry({ resources: 'dynamic' }), 'e'), []);
});

test('a missing or wrongly typed required field is an error naming its path', () => {
  const { resources: _r, ...noResources } = entry();
  assert.deepEqual(texts(entryFaults(noResources, 'e'), 'error'), ['e: resources is missing']);
  assert.deepEqual(texts(entryFaults(entry({ resources: 'static' }), 'e'), 'error'), ['e: resources is neither an array of {uri, digest, size} nor "dynamic"']);
  assert.deepEqual(texts(entryFaults(entry({ frontmatter: { name: 'refunds' } }), 'e'), 'error'), ['e: frontmatter.description is missing']);
  assert.deepEqual(texts(entryFaults(entry({ frontmatter: { name: 'refunds', description: '' } }), 'e'), 'error'), ['e: frontmatter.description is empty']);
  assert.deepEqual(texts(entryFaults('nope', 'e'), 'error'), ['e: the entry is not an object']);
});

test('digest and size: sha256 with 64 lowercase hex, a non-negative integer', () => {
  const upper = entryFaults(entry({ resources: [{ uri: 'skill://acme/refunds/SKILL.md', digest: DIGEST.replace('sha256', 'SHA256'), size: 1.5 }] }), 'e');
  assert.deepEqual(texts(upper, 'error').sort(), ['e: resources[0].digest is not sha256: and 64 lowercase hexadecimal characters', 'e: resources[0].size is not a non-negative integer'].sort());
});

test('the uri ends in /<frontmatter.name>/SKILL.md, and the name keeps the Agent Skills naming rules', () => {
  assert.deepEqual(texts(entryFaults(entry({ frontmatter: { name: 'refund', description: 'd' } }), 'e'), 'error'), ['e: the uri\'s final skill-path segment "refunds" is not frontmatter.name "refund"']);
  const upper = entry({ uri: 'skill://acme/Refunds/SKILL.md', frontmatter: { name: 'Refunds', description: 'd' }, resources: 'dynamic' });
  assert.match(texts(entryFaults(upper, 'e'), 'error').join(), /"Refunds" breaks the Agent Skills naming rules/);
  assert.match(texts(entryFaults(entry({ uri: 'skill://acme/refunds/README.md', resources: 'dynamic' }), 'e'), 'error').join(), /does not end in \/<skill-name>\/SKILL.md/);
});

test('resources is complete: the SKILL.md itself, each file once, all inside the skill', () => {
  const faults = texts(
    entryFaults(
      entry({
        resources: [
          { uri: 'skill://acme/refunds/a.md', digest: DIGEST, size: 1 },
          { uri: 'skill://acme/refunds/a.md', digest: DIGEST, size: 1 },
          { uri: 'skill://acme/other/b.md', digest: DIGEST, size: 1 },
        ],
      }),
      'e',
    ),
    'error',
  );
  assert.deepEqual(faults, [
    "e: resources has no entry for the skill's own SKILL.md (its digest and size)",
    'e: resources lists skill://acme/refunds/a.md more than once',
    "e: skill://acme/other/b.md is outside the skill's directory skill://acme/refunds",
  ]);
});

test('SHOULDs are warnings: another scheme, the limits, the reserved metadata prefix, an authority that is no reg-name', () => {
  const other = entryFaults(entry({ uri: 'github://o/refunds/SKILL.md', resources: 'dynamic' }), 'e');
  assert.deepEqual(texts(other, 'error'), []);
  assert.deepEqual(texts(other, 'warning'), ['e: served under github:// rather than skill://']);
  const many = Array.from({ length: 513 }, (_, i) => ({ uri: i ? `skill://acme/refunds/f${i}` : 'skill://acme/refunds/SKILL.md', digest: DIGEST, size: 40_000 }));
  assert.deepEqual(texts(entryFaults(entry({ resources: many }), 'e'), 'warning'), [
    'e: 513 resource entries, over the 512 every host must accept',
    'e: 20520000 bytes in all, over the 16 MiB (16777216 bytes) every host must accept',
  ]);
  const reserved = entryFaults(entry({ frontmatter: { name: 'refunds', description: 'd', metadata: { 'io.modelcontextprotocol/x': 1, version: '1' } } }), 'e');
  assert.deepEqual(texts(reserved, 'warning'), ['e: frontmatter.metadata uses the reserved prefix io.modelcontextprotocol/ (io.modelcontextprotocol/x), which defines no keys yet']);
  assert.match(texts(entryFaults(entry({ uri: 'skill://a b/refunds/SKILL.md', resources: 'dynamic' }), 'e'), 'warning').join(), /authority "a b" is not an RFC 3986 reg-name/);
});

test('names SHOULD be unique within a listing', () => {
  assert.deepEqual(listingFaults([entry(), entry({ uri: 'skill://support/refunds/SKILL.md' }), entry()]), [
    { severity: 'warning', text: 'the name "refunds" is served at skill://acme/refunds/SKILL.md and skill://support/refunds/SKILL.md' },
  ]);
  assert.deepEqual(listingFaults([entry()]), []);
});
