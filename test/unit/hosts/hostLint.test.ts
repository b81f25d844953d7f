/**
 * Host limits and token cost over real tool definitions: every tool of server-everything and
 * server-filesystem, listed live from the published servers, plus names and counts made to
 * break each documented limit.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { hostFindings } from '../../../src/core/hosts/hostLint';
import { HOST_PROFILES, hostProfile } from '../../../src/core/hosts/hostProfiles';
import { TOKEN_ENCODING, toolTokens, totalToolTokens } from '../../../src/core/tokens/toolTokens';
import { listTools, type ListedTool } from '../schema/formCorpusTools';

const BIN = resolve(import.meta.dirname, '../../../node_modules/.bin');
const allowedDir = mkdtempSync(join(tmpdir(), 'mcp-lens-hosts-'));
let everything: ListedTool[] = [];
let filesystem: ListedTool[] = [];

before(async () => {
  [everything, filesystem] = await Promise.all([listTools(join(BIN, 'mcp-server-everything'), ['stdio']), listTools(join(BIN, 'mcp-server-filesystem'), [allowedDir])]);
});
after(() => rmSync(allowedDir, { recursive: true, force: true }));

const tools = (list: ListedTool[]) => list as unknown as Record<string, unknown>[];

test('every profile cites a source for each limit it states', () => {
  for (const h of HOST_PROFILES) {
    const limits = [h.toolName, h.maxTools, h.description, h.schema].filter((l) => l !== undefined);
    assert.ok(limits.length > 0, h.id);
    for (const limit of limits) assert.match(limit.source, /^https:\/\/\S+ \(.+\)$/, h.id);
  }
});

test('the published servers pass every host but Gemini, which knows no "$schema" keyword in its Schema object', () => {
  assert.ok(everything.length > 5 && filesystem.length > 5);
  const others = HOST_PROFILES.filter((h) => h.id !== 'gemini');
  assert.deepEqual(hostFindings(tools(everything), others), []);
  assert.deepEqual(hostFindings(tools(filesystem), others), []);
  for (const list of [everything, filesystem]) {
    const gemini = hostFindings(tools(list), [hostProfile('gemini')!]);
    assert.deepEqual(gemini.map((f) => f.tool), list.map((t) => t.name));
    for (const f of gemini) {
      assert.equal(f.rule, 'host-schema-keyword');
      assert.match(f.message, /does not know these schema keywords: \$schema \(inputSchema\)/);
      assert.match(f.source, /^https:\/\/ai\.google\.dev\/api\/caching#Schema/);
    }
  }
});

test('a name with a slash, a space or 65 characters is refused with a fix of the accepted form; Gemini also refuses a leading digit', () => {
  const bad = ['files/read', 'read file', 'x'.repeat(65), '3d_render'].map((name) => ({ name, inputSchema: { type: 'object' } }));
  const openai = hostFindings(bad, [hostProfile('openai')!]);
  assert.deepEqual(openai.map((f) => f.tool), ['files/read', 'read file', 'x'.repeat(65)]);
  assert.match(openai[0]!.fix, /"files_read"/);
  assert.match(openai[0]!.source, /platform\.openai\.com/);
  const gemini = hostFindings(bad, [hostProfile('gemini')!]);
  assert.deepEqual(gemini.map((f) => f.tool), ['files/read', 'read file', 'x'.repeat(65), '3d_render']);
  assert.match(gemini[3]!.fix, /"t_3d_render"/);
});

test('more tools than a host takes is one finding for that host, none for a host with no documented count', () => {
  const many = Array.from({ length: 129 }, (_, i) => ({ name: `tool_${i}`, inputSchema: { type: 'object' } }));
  const found = hostFindings(many, [hostProfile('openai')!, hostProfile('vscode')!, hostProfile('anthropic')!]);
  assert.deepEqual(found.map((f) => [f.host, f.rule]), [['openai', 'host-tool-count'], ['vscode', 'host-tool-count']]);
  // Cursor sends the first 40 to the agent.
  assert.deepEqual(hostFindings(many.slice(0, 41), [hostProfile('cursor')!]).map((f) => f.rule), ['host-tool-count']);
  assert.deepEqual(hostFindings(many.slice(0, 40), [hostProfile('cursor')!]), []);
  assert.match(found[1]!.message, /at most 128 tools at once; this server alone lists 129/);
});

test('token cost: o200k_base, each published tool costs tokens, the total is their sum, a longer description costs more', () => {
  assert.equal(TOKEN_ENCODING, 'o200k_base');
  for (const t of [...tools(everything), ...tools(filesystem)]) assert.ok(toolTokens(t) > 5, String(t.name));
  assert.equal(totalToolTokens(tools(filesystem)), tools(filesystem).reduce((n, t) => n + toolTokens(t), 0));
  const echo = { name: 'echo', description: 'Echoes text', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } };
  assert.ok(toolTokens({ ...echo, description: `${echo.description}. It returns exactly the text it was given, unchanged, for testing round trips.` }) > toolTokens(echo) + 10);
  // Pinned: the same definition always costs the same (a change here means the encoding or the serialisation changed).
  assert.equal(toolTokens(echo), 32);
});

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });

test('Gemini: a type union, a $ref, a boolean schema, an untyped property and an unknown keyword are one finding each, with where they sit', () => {
  const tool = {
    name: 'plan',
    inputSchema: object(
      {
        when: { type: ['string', 'null'] },
        place: { $ref: '#/$defs/place' },
        anything: {},
        flag: true,
        tags: { type: 'array', items: { type: 'string', minLength: 1, uniqueItems: true } },
        choice: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      },
      { $defs: { place: { type: 'string', const: 'x' } }, additionalProperties: false },
    ),
  };
  const found = hostFindings([tool], [hostProfile('gemini')!]);
  const byRule = Object.fromEntries(found.map((f) => [f.rule, f.message]));
  assert.deepEqual(Object.keys(byRule).sort(), ['host-schema-boolean', 'host-schema-keyword', 'host-schema-ref', 'host-schema-type-union', 'host-schema-untyped']);
  assert.match(byRule['host-schema-type-union']!, /properties\.when: \["string","null"\]/);
  assert.match(byRule['host-schema-ref']!, /properties\.place: "#\/\$defs\/place"/);
  assert.match(byRule['host-schema-boolean']!, /properties\.flag \(true\)/);
  assert.match(byRule['host-schema-untyped']!, /properties\.anything/);
  assert.doesNotMatch(byRule['host-schema-untyped']!, /choice/, 'anyOf stands in for a type');
  // additionalProperties and items' uniqueItems are not Gemini fields; $defs belongs to the $ref finding; minLength is a field.
  assert.match(byRule['host-schema-keyword']!, /additionalProperties \(inputSchema\), uniqueItems \(properties\.tags\.items\)/);
  assert.doesNotMatch(byRule['host-schema-keyword']!, /\$defs|minLength|const/);
  for (const f of found) assert.ok(f.fix.length > 20 && f.effect === 'rejects', f.rule);
  // The same schema is fine for the hosts that take full JSON Schema.
  assert.deepEqual(hostFindings([tool], [hostProfile('openai')!, hostProfile('anthropic')!]), []);
});

test('a non-object root is refused by OpenAI, Claude and Gemini; Claude Code cuts a description over 2048 characters', () => {
  const scalar = { name: 'count', inputSchema: { type: 'string' } };
  for (const id of ['openai', 'anthropic', 'gemini']) {
    const found = hostFindings([scalar], [hostProfile(id)!]);
    assert.deepEqual(found.map((f) => f.rule), ['host-schema-root'], id);
    assert.match(found[0]!.message, /this one is type "string"/);
  }
  const long = { name: 'doc', description: 'd'.repeat(2049), inputSchema: { type: 'object' } };
  const [cut] = hostFindings([long], [hostProfile('claude-code')!]);
  assert.equal(cut?.rule, 'host-description-length');
  assert.equal(cut?.effect, 'truncates');
  assert.match(cut!.message, /cuts tool descriptions over 2048 characters; "doc" has 2049/);
  assert.deepEqual(hostFindings([{ ...long, description: 'd'.repeat(2048) }], [hostProfile('claude-code')!]), []);
});

test('the editor setting mcpLens.lint.hosts offers exactly the hosts the profiles describe', () => {
  const manifest = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../package.json'), 'utf8'));
  const setting = manifest.contributes.configuration.properties['mcpLens.lint.hosts'];
  assert.deepEqual(setting.items.enum, HOST_PROFILES.map((h) => h.id));
  assert.deepEqual(setting.items.enumDescriptions, HOST_PROFILES.map((h) => h.name));
});
