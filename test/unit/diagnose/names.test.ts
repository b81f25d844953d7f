import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { lookAlikeGroups, toolNameProblem } from '../../../src/core/names/toolNames';
import { TraceBuilder, only } from './traceBuilder';

function listed(method: 'tools/list' | 'prompts/list' | 'resources/list', names: string[], id = 3) {
  const t = new TraceBuilder();
  t.legacySession({ tools: {}, prompts: {}, resources: {} });
  const key = method.split('/')[0];
  const req = t.request(id, method, {});
  const res = t.result(id, { [key]: names.map((name) => ({ name, uri: `x://${name}`, inputSchema: { type: 'object' } })) });
  return { diagnostics: diagnose(t.events), req, res };
}

test('tool-name-invalid: names outside 1–128 of A–Z a–z 0–9 _ - . are a warning, citing the list', () => {
  const { diagnostics, req, res } = listed('tools/list', ['read_file', 'delete_all\u200B', 'read_f\u0456le', 'has space', 'x'.repeat(129), 'ok.name-2']);
  const found = only(diagnostics, 'tool-name-invalid');
  assert.equal(found.length, 4);
  assert.ok(found.every((d) => d.severity === 'warning' && d.stage === 'negotiation'));
  assert.deepEqual(found[0].evidence, [req, res]);
  assert.match(found[0].message, /"delete_all⟨U\+200B⟩" that contains U\+200B \(invisible\)/);
  assert.match(found[1].message, /"read_f⟨U\+0456⟩le" that contains "і" \(U\+0456\)/);
  assert.match(found[3].message, /129 characters long/);
  assert.match(found[0].hint, /2025-11-25/);
});

test('look-alike-names: two tools that differ only by hidden characters are called out as a pair', () => {
  const { diagnostics } = listed('tools/list', ['delete_all', 'delete_all\u200B', 'run_cmd', 'read_file', 'read_f\u0456le', 'other']);
  const found = only(diagnostics, 'look-alike-names');
  assert.equal(found.length, 2);
  assert.match(found[0].message, /tools "delete_all" and "delete_all⟨U\+200B⟩" look the same/);
  assert.match(found[1].message, /"read_file" and "read_f⟨U\+0456⟩le"/);
});

test('look-alike-names: prompts and resources too; distinct names are not flagged', () => {
  assert.equal(only(listed('prompts/list', ['summarise', 'summar\u0456se']).diagnostics, 'look-alike-names').length, 1);
  assert.equal(only(listed('resources/list', ['notes', 'no\u200Dtes']).diagnostics, 'look-alike-names').length, 1);
  assert.equal(only(listed('tools/list', ['read_file', 'write_file', 'Read_File']).diagnostics, 'look-alike-names').length, 0);
});

test('toolNameProblem and lookAlikeGroups agree with the specification examples', () => {
  for (const ok of ['getUser', 'DATA_EXPORT_v2', 'admin.tools.list', 'a-b']) assert.equal(toolNameProblem(ok), undefined, ok);
  for (const bad of ['', 'a b', 'a,b', 'run\u200Dcmd', 'safe\u202Etxt']) assert.ok(toolNameProblem(bad), bad);
  assert.deepEqual(lookAlikeGroups(['run\u200Dcmd', 'runcmd', 'ｒｕｎcmd']), [['run\u200Dcmd', 'runcmd', 'ｒｕｎcmd']]);
});
