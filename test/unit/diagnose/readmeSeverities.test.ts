import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { RULE_IDS } from '../../../src/core/diagnose/diagnostic';
import { RULES } from '../../../src/core/diagnose/registry';

const CATALOGUE = readFileSync(new URL('../../../docs/diagnostics.md', import.meta.url), 'utf8');

/** The diagnostics catalogue's table (docs/diagnostics.md): rule → {stage, severity as written (the default first, then exceptions)}. */
function documented(): Map<string, { stage: string; severity: string }> {
  const rows = new Map<string, { stage: string; severity: string }>();
  for (const line of CATALOGUE.split('\n')) {
    const m = /^\| (\w+) \| `([a-z0-9-]+)` \| ([^|]+) \|/.exec(line);
    if (m) rows.set(m[2]!, { stage: m[1]!, severity: m[3]!.trim() });
  }
  return rows;
}

test('the docs/diagnostics.md table documents every rule once, with its stage and its default severity first', () => {
  const rows = documented();
  assert.deepEqual([...rows.keys()].sort(), [...RULE_IDS].sort());
  for (const rule of RULES) {
    const row = rows.get(rule.id)!;
    assert.equal(row.stage, rule.stage, rule.id);
    assert.equal(row.severity.split(' ')[0], rule.severity, `${rule.id}: docs/diagnostics.md says "${row.severity}"`);
  }
});

test('stray-stdout is an error: the stdio transport says the server MUST NOT write anything else to stdout', () => {
  assert.equal(RULES.find((r) => r.id === 'stray-stdout')?.severity, 'error');
  assert.equal(documented().get('stray-stdout')?.severity, 'error');
});
