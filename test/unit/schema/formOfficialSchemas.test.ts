/**
 * Robustness: every definition of the official MCP schemas (large, with $ref, oneOf/anyOf,
 * nullable, maps and recursion) as a form. Never throws, stays data, and the raw-JSON
 * toggle's round trip (arguments → draft → arguments) is stable.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildFormModel } from '../../../src/core/schema/formModel';
import { initialValue, toArguments } from '../../../src/core/schema/formValues';

/** The copies shipped with the extension (verbatim from the specification repository). */
const OFFICIAL = join(import.meta.dirname, '../../../src/core/schema/official');

function official(version: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(OFFICIAL, `${version}.json`), 'utf8')) as Record<string, unknown>;
}

for (const version of ['2025-06-18', '2025-11-25', '2026-07-28']) {
  test(`every definition of the MCP ${version} schema becomes a form`, () => {
    const doc = official(version);
    const key = doc.$defs ? '$defs' : 'definitions';
    const names = Object.keys(doc[key] as object);
    assert.ok(names.length > 80);
    const kinds = new Map<string, number>();
    for (const name of names) {
      const model = buildFormModel({ ...doc, $ref: `#/${key}/${name}` });
      kinds.set(model.root.kind, (kinds.get(model.root.kind) ?? 0) + 1);
      assert.deepEqual(JSON.parse(JSON.stringify(model)), model, name);
      const first = toArguments(model, initialValue(model));
      const again = toArguments(model, initialValue(model, first.args));
      assert.deepEqual(again.args, first.args, name);
    }
    // Requests, results and content blocks are objects or choices between them, not JSON blobs.
    assert.ok((kinds.get('object') ?? 0) > names.length * 0.8, JSON.stringify([...kinds]));
    assert.equal(kinds.get('json') ?? 0, 0);
  });
}

test('CallToolRequest (2025-11-25): params.arguments is a map, name is required', () => {
  const doc = official('2025-11-25');
  const root = buildFormModel({ ...doc, $ref: '#/$defs/CallToolRequestParams' }).root;
  assert.equal(root.kind, 'object');
  if (root.kind !== 'object') return;
  const byKey = Object.fromEntries(root.fields.map((f) => [f.key, f]));
  assert.equal(byKey.name.kind, 'string');
  assert.equal(byKey.name.required, true);
  assert.equal(byKey.arguments.kind, 'object');
  assert.equal(byKey.arguments.kind === 'object' && byKey.arguments.additional?.kind, 'json');
});
