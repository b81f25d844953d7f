/**
 * The form model over real tool schemas: every tool of server-everything, server-filesystem
 * and server-memory, listed live from the servers themselves (real child processes).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { validateArguments } from '../../../src/core/schema/argsValidator';
import { buildFormModel, type Field, type FormModel, type ObjectField } from '../../../src/core/schema/formModel';
import { initialValue, toArguments } from '../../../src/core/schema/formValues';
import { type ListedTool, listTools } from './formCorpusTools';

const BIN = resolve(import.meta.dirname, '../../../node_modules/.bin');
const allowedDir = mkdtempSync(join(tmpdir(), 'mcp-lens-fs-'));
const corpus = new Map<string, ListedTool[]>();

before(async () => {
  const [everything, filesystem, memory] = await Promise.all([
    listTools(join(BIN, 'mcp-server-everything'), ['stdio']),
    listTools(join(BIN, 'mcp-server-filesystem'), [allowedDir]),
    listTools(join(BIN, 'mcp-server-memory'), []),
  ]);
  corpus.set('everything', everything).set('filesystem', filesystem).set('memory', memory);
});
after(() => rmSync(allowedDir, { recursive: true, force: true }));

function model(server: string, tool: string): FormModel {
  const found = corpus.get(server)!.find((t) => t.name === tool);
  assert.ok(found, `${server} lists ${tool}`);
  return buildFormModel(found.inputSchema);
}

function fields(m: FormModel): Record<string, Field> {
  assert.equal(m.root.kind, 'object');
  return Object.fromEntries((m.root as ObjectField).fields.map((f) => [f.key!, f]));
}

/** What a user sees of a field, in one line: `key*: kind` plus what constrains it. */
function summary(field: Field): string {
  const parts = [`${field.key ?? field.label}${field.required ? '*' : ''}: ${field.kind}`];
  if (field.kind === 'enum') parts.push(`[${field.options.map((o) => o.label).join('|')}]`);
  if (field.kind === 'number' || field.kind === 'integer') {
    if (field.minimum !== undefined || field.maximum !== undefined) parts.push(`${field.minimum ?? ''}..${field.maximum ?? ''}`);
  }
  if (field.kind === 'string' && field.format) parts.push(`(${field.format})`);
  if (field.kind === 'array') parts.push(`of ${summary(field.items)}${field.minItems ? ` min ${field.minItems}` : ''}`);
  if (field.kind === 'object') parts.push(`{${field.fields.map(summary).join(', ')}}`);
  if (field.default !== undefined) parts.push(`= ${JSON.stringify(field.default)}`);
  return parts.join(' ');
}

describe('form model over the reference servers', () => {
  test('every tool of the three servers renders without a JSON fallback anywhere', () => {
    let tools = 0;
    for (const [server, list] of corpus) {
      assert.ok(list.length > 5, `${server} lists tools`);
      for (const tool of list) {
        tools++;
        const m = buildFormModel(tool.inputSchema);
        assert.equal(m.root.kind, 'object', `${server}/${tool.name}`);
        const walk = (f: Field): void => {
          assert.notEqual(f.kind, 'json', `${server}/${tool.name} field ${f.label}`);
          if (f.kind === 'object') f.fields.forEach(walk);
          if (f.kind === 'array') walk(f.items);
        };
        walk(m.root);
        // The required markers are exactly the schema's `required`.
        const required = (tool.inputSchema.required as string[] | undefined) ?? [];
        assert.deepEqual(
          (m.root as ObjectField).fields.filter((f) => f.required).map((f) => f.key),
          Object.keys((tool.inputSchema.properties as object) ?? {}).filter((k) => required.includes(k)),
        );
        // The model is data: it survives a trip through JSON (postMessage, setState).
        assert.deepEqual(JSON.parse(JSON.stringify(m)), m);
      }
    }
    assert.ok(tools >= 30, `corpus has ${tools} tools`);
  });

  test('server-everything: enums, defaults, bounds and formats as a user sees them', () => {
    assert.deepEqual(Object.values(fields(model('everything', 'get-annotated-message'))).map(summary), [
      'messageType*: enum [error|success|debug]',
      'includeImage: boolean = false',
    ]);
    assert.deepEqual(Object.values(fields(model('everything', 'get-resource-links'))).map(summary), ['count: number 1..10 = 3']);
    assert.deepEqual(Object.values(fields(model('everything', 'get-sum'))).map(summary), ['a*: number', 'b*: number']);
    const gzip = fields(model('everything', 'gzip-file-as-resource'));
    assert.equal(summary(gzip.data), `data: string (uri) = "https://raw.githubusercontent.com/modelcontextprotocol/servers/refs/heads/main/README.md"`);
    assert.equal(gzip.data.kind === 'string' && gzip.data.formatHint, 'https://example.com/path');
    assert.equal(summary(gzip.outputType), 'outputType: enum [resourceLink|resource] = "resourceLink"');
    assert.deepEqual((model('everything', 'get-env').root as ObjectField).fields, []);
  });

  test('server-filesystem: arrays of strings and of objects, minItems, required inside items', () => {
    assert.equal(summary(fields(model('filesystem', 'read_multiple_files')).paths), 'paths*: array of Item*: string min 1');
    assert.deepEqual(Object.values(fields(model('filesystem', 'edit_file'))).map(summary), [
      'path*: string',
      'edits*: array of Item*: object {oldText*: string, newText*: string}',
      'dryRun: boolean = false',
    ]);
    assert.equal(summary(fields(model('filesystem', 'list_directory_with_sizes')).sortBy), 'sortBy: enum [name|size] = "name"');
    assert.equal(summary(fields(model('filesystem', 'read_text_file')).head), 'head: number');
  });

  test('server-memory: arrays of objects holding arrays', () => {
    assert.deepEqual(Object.values(fields(model('memory', 'create_entities'))).map(summary), [
      'entities*: array of Item*: object {name*: string, entityType*: string, observations*: array of Item*: string}',
    ]);
  });

  test('every tool: defaults fill the form, the form gives back valid arguments', () => {
    for (const [server, list] of corpus) {
      for (const tool of list) {
        const m = buildFormModel(tool.inputSchema);
        const { args, errors } = toArguments(m, initialValue(m));
        // The only thing the form itself objects to: the blank item a `minItems: 1` list starts with.
        const blankItems = tool.name === 'read_multiple_files' ? [{ path: '/paths/0', message: 'Fill in this item or remove it' }] : [];
        assert.deepEqual(errors, blankItems, `${server}/${tool.name}`);
        // Only defaults went in: every key sent is a property with a default or a required list.
        const props = tool.inputSchema.properties as Record<string, { default?: unknown }>;
        for (const key of Object.keys(args)) assert.ok(props[key].default !== undefined || Array.isArray(args[key]), `${tool.name}.${key}`);
        // Whatever a required field still lacks is named at that field by the validator.
        const result = validateArguments(tool.inputSchema, args, { protocolVersion: '2025-11-25' });
        assert.equal(result.dialect, 'draft-07');
        const missing = ((tool.inputSchema.required as string[] | undefined) ?? []).filter((k) => !(k in args));
        assert.deepEqual(
          result.errors.filter((e) => e.message === 'Required').map((e) => e.path),
          missing.map((k) => `/${k}`),
          `${server}/${tool.name}`,
        );
      }
    }
  });

  test('last arguments come back into the form unchanged', () => {
    const m = model('memory', 'create_entities');
    const last = { entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote notes', 'liked engines'] }] };
    assert.deepEqual(toArguments(m, initialValue(m, last)), { args: last, errors: [] });
    const fs = model('filesystem', 'edit_file');
    const edit = { path: '/tmp/a.txt', edits: [{ oldText: 'a', newText: 'b' }], dryRun: true };
    assert.deepEqual(toArguments(fs, initialValue(fs, edit)).args, edit);
    assert.equal(validateArguments(corpus.get('filesystem')!.find((t) => t.name === 'edit_file')!.inputSchema, edit).valid, true);
  });
});
