import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { modernMeta, TraceBuilder } from './traceBuilder';

// skill-entry-invalid over recorded skills/list and skills/get answers (SEP-2640), offline as `lint` judges them.
const CACHE = { resultType: 'complete', ttlMs: 0, cacheScope: 'private' } as const;
const DIGEST = `sha256:${'ab'.repeat(32)}`;
const SKILLS = { resources: {}, extensions: { 'io.modelcontextprotocol/skills': {} } };
const skill = (name: string, over: Record<string, unknown> = {}) => ({
  uri: `skill://${name}/SKILL.md`,
  frontmatter: { name, description: `The ${name} skill` },
  resources: [{ uri: `skill://${name}/SKILL.md`, digest: DIGEST, size: 12 }],
  ...over,
});
const found = (t: TraceBuilder) => diagnose(t.events).filter((d) => d.rule === 'skill-entry-invalid' || d.rule === 'caching-hint-invalid' || d.rule === 'pagination-loop');

test('valid entries over two pages and a skills/get that echoes its URI: no finding', () => {
  const t = new TraceBuilder();
  t.modernSession(SKILLS);
  t.request(2, 'skills/list', { _meta: modernMeta() });
  t.result(2, { skills: [skill('a')], nextCursor: 'p2', ...CACHE });
  t.request(3, 'skills/list', { cursor: 'p2', _meta: modernMeta() });
  t.result(3, { skills: [skill('b', { resources: 'dynamic' })], ...CACHE });
  t.request(4, 'skills/get', { uri: 'skill://a/SKILL.md', _meta: modernMeta() });
  t.result(4, { skill: skill('a'), ...CACHE });
  assert.deepEqual(found(t), []);
});

test('a broken MUST is an error and a SHOULD a warning, the answer cited first; the same fault again is not told twice', () => {
  const t = new TraceBuilder();
  t.modernSession(SKILLS);
  const list = t.request(2, 'skills/list', { _meta: modernMeta() });
  const page = t.result(2, { skills: [skill('a', { resources: undefined }), skill('a', { uri: 'github://x/a/SKILL.md', resources: 'dynamic' })], ...CACHE });
  t.request(3, 'skills/list', { _meta: modernMeta() });
  t.result(3, { skills: [skill('a', { resources: undefined })], ...CACHE });
  const findings = found(t);
  assert.deepEqual(findings.map((d) => [d.rule, d.severity, d.evidence]), [
    ['skill-entry-invalid', 'error', [page, list]],
    ['skill-entry-invalid', 'warning', [page, list]],
  ]);
  assert.match(findings[0].message, /^skills\/list \(id 2\) breaks the Skills extension: skill:\/\/a\/SKILL\.md: resources is missing$/);
  assert.match(findings[1].message, /github:\/\/x\/a\/SKILL\.md: served under github:\/\/ rather than skill:\/\/; the name "a" is served at skill:\/\/a\/SKILL\.md and github:\/\/x\/a\/SKILL\.md/);
});

test('skills/get: another skill than the one asked, a cursor, no caching hints', () => {
  const t = new TraceBuilder();
  t.modernSession(SKILLS);
  t.request(2, 'skills/get', { uri: 'skill://b/SKILL.md', _meta: modernMeta() });
  t.result(2, { resultType: 'complete', skill: skill('a'), nextCursor: 'x' });
  const findings = found(t);
  assert.deepEqual(findings.map((d) => d.rule).sort(), ['caching-hint-invalid', 'skill-entry-invalid']);
  assert.match(findings.find((d) => d.rule === 'skill-entry-invalid')!.message, /skill\.uri "skill:\/\/a\/SKILL\.md" is not the uri asked for, "skill:\/\/b\/SKILL\.md"; the result carries nextCursor "x": a single entry is not a list/);
});

test('a skills/list cursor that comes back is pagination-loop', () => {
  const t = new TraceBuilder();
  t.modernSession(SKILLS);
  t.request(2, 'skills/list', { _meta: modernMeta() });
  t.result(2, { skills: [], nextCursor: 'same', ...CACHE });
  t.request(3, 'skills/list', { cursor: 'same', _meta: modernMeta() });
  t.result(3, { skills: [], nextCursor: 'same', ...CACHE });
  assert.deepEqual(found(t).map((d) => d.rule), ['pagination-loop']);
});
