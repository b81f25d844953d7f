/**
 * Host limits and token cost over real tool definitions: every tool of server-everything and
 * server-filesystem, listed live from the published servers, plus names and counts made to
 * break each documented limit.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
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
    assert.ok(h.toolName || h.maxTools, h.id);
    for (const limit of [h.toolName, h.maxTools]) if (limit) assert.match(limit.source, /^https:\/\/\S+/, h.id);
  }
});

test('the published servers\' tool names pass every host; their counts are under every limit', () => {
  assert.ok(everything.length > 5 && filesystem.length > 5);
  assert.deepEqual(hostFindings(tools(everything), HOST_PROFILES), []);
  assert.deepEqual(hostFindings(tools(filesystem), HOST_PROFILES), []);
});

test('a name with a slash, a space or 65 characters is refused with a fix of the accepted form; Gemini also refuses a leading digit', () => {
  const bad = [{ name: 'files/read' }, { name: 'read file' }, { name: 'x'.repeat(65) }, { name: '3d_render' }];
  const openai = hostFindings(bad, [hostProfile('openai')!]);
  assert.deepEqual(openai.map((f) => f.tool), ['files/read', 'read file', 'x'.repeat(65)]);
  assert.match(openai[0]!.fix, /"files_read"/);
  assert.match(openai[0]!.source, /platform\.openai\.com/);
  const gemini = hostFindings(bad, [hostProfile('gemini')!]);
  assert.deepEqual(gemini.map((f) => f.tool), ['files/read', 'read file', 'x'.repeat(65), '3d_render']);
  assert.match(gemini[3]!.fix, /"t_3d_render"/);
});

test('more tools than a host takes is one finding for that host, none for a host with no documented count', () => {
  const many = Array.from({ length: 129 }, (_, i) => ({ name: `tool_${i}` }));
  const found = hostFindings(many, [hostProfile('openai')!, hostProfile('vscode')!, hostProfile('anthropic')!]);
  assert.deepEqual(found.map((f) => [f.host, f.rule]), [['openai', 'host-tool-count'], ['vscode', 'host-tool-count']]);
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
