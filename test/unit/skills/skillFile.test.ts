import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { checkSkillFile, parseFrontmatter } from '../../../src/core/skills/skillFile';
import type { Skill } from '../../../src/core/skills/schema';

// A SKILL.md as read back, verified against its entry as SEP-2640 asks a host to ("Integrity and Verification").
const TEXT = '---\nname: refunds\ndescription: Process refunds\nmetadata:\n  version: "2.1"\n---\n\nCheck the date — first.\n';
const URI = 'skill://acme/refunds/SKILL.md';
const digest = (text: string) => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
const skill = (text = TEXT, frontmatter: Record<string, unknown> = { name: 'refunds', description: 'Process refunds', metadata: { version: '2.1' } }): Skill => ({
  uri: URI,
  frontmatter: frontmatter as Skill['frontmatter'],
  resources: [{ uri: URI, digest: digest(text), size: Buffer.byteLength(text) }],
});
const read = (text: string, extra: Record<string, unknown> = {}) => [{ uri: URI, mimeType: 'text/markdown', text, ...extra }];

test('a file that is what its entry describes: no faults, size and digest checked over the UTF-8 bytes', () => {
  const file = checkSkillFile(skill(), read(TEXT));
  assert.ok(!('missing' in file));
  assert.deepEqual(file.faults, []);
  assert.equal(file.digestChecked, true);
  assert.equal(file.text, TEXT);
});

test('a blob is decoded and checked the same way', () => {
  const file = checkSkillFile(skill(), [{ uri: URI, blob: Buffer.from(TEXT).toString('base64') }]);
  assert.ok(!('missing' in file));
  assert.deepEqual(file.faults, []);
});

test('other bytes than the entry says: size and digest both named', () => {
  const file = checkSkillFile(skill(), read(`${TEXT}extra\n`));
  assert.ok(!('missing' in file));
  assert.equal(file.faults.length, 2);
  assert.match(file.faults[0], /is \d+ bytes, the entry says \d+/);
  assert.match(file.faults[1], /hashes to sha256:[0-9a-f]{64}, the entry says sha256:/);
});

test('frontmatter that differs from the entry, field by field, even when the digest matches', () => {
  const file = checkSkillFile(skill(TEXT, { name: 'refunds', description: 'Refund anything' }), read(TEXT));
  assert.ok(!('missing' in file));
  assert.deepEqual(file.faults, [
    `${URI}: frontmatter field "description" is "Process refunds" in the file but "Refund anything" in the entry`,
    `${URI}: frontmatter field "metadata" is {"version":"2.1"} in the file but null in the entry`,
  ]);
});

test('a file without frontmatter, and a "dynamic" skill whose bytes cannot be checked', () => {
  const bare = 'No frontmatter here.\n';
  const file = checkSkillFile({ ...skill(), resources: 'dynamic' }, read(bare));
  assert.ok(!('missing' in file));
  assert.equal(file.digestChecked, false);
  assert.deepEqual(file.faults, [`${URI} does not begin with a --- delimited YAML frontmatter block`]);
  assert.deepEqual(checkSkillFile(skill(), []), { missing: `resources/read of ${URI} returned no text or blob content` });
});

test('frontmatter: a BOM and CRLF are allowed; YAML that is not a mapping is none', () => {
  assert.deepEqual(parseFrontmatter('\uFEFF---\r\nname: a\r\ndescription: b\r\n---\r\nbody'), { name: 'a', description: 'b' });
  assert.equal(parseFrontmatter('---\n- a list\n---\n'), undefined);
  assert.equal(parseFrontmatter('---\nname: [unclosed\n---\n'), undefined);
});
