import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze } from '../../../src/languageServer/analysis';
import { resolveCodeLens } from '../../../src/languageServer/codeLens';
import { hover } from '../../../src/languageServer/hover';
import { documentSymbols } from '../../../src/languageServer/symbols';
import { PAYLOADS } from '../text/payloads';

// Someone else's trace file is enough to reach these hovers: every string in it is hostile.
const MarkdownIt = createRequire(import.meta.url)('markdown-it') as new (options: object) => { render(src: string): string };
const strict = new MarkdownIt({ html: true, linkify: true });

const doc = (text: string) => TextDocument.create('file:///t.mcptrace.jsonl', 'mcp-trace', 1, text);
const rpc = (value: object) => JSON.stringify({ jsonrpc: '2.0', ...value });

for (const [name, payload] of Object.entries(PAYLOADS)) {
  test(`${name} in a method, an id, an error and glued text: every hover renders no link, image or tag`, () => {
    const lines = [
      rpc({ id: payload, method: payload, params: { name: payload } }),
      rpc({ id: payload, error: { code: -32022, message: payload, data: { supported: [payload], requested: payload } } }),
      rpc({ method: payload }),
      `${payload.replace(/\n/g, ' ')}${rpc({ id: 2, result: {} })}`,
      JSON.stringify({ seq: 9, t: 1, dir: 'meta', kind: 'spawn-failed', raw: '', info: { command: payload, message: payload } }),
    ];
    const analysis = analyze(doc(lines.join('\n')));
    for (let line = 0; line < lines.length; line++) {
      for (const character of [0, 10, 30, 60]) {
        const value = hover(analysis, { line, character })?.contents;
        if (!value || typeof value !== 'object' || !('value' in value)) continue;
        const html = strict.render(value.value);
        assert.doesNotMatch(html, /<a\b|<img\b|<script\b/i, `line ${line}: ${value.value}`);
      }
    }
  });
}

test('outline names and replay lens titles write out hidden characters and escape codicons', () => {
  const analysis = analyze(doc([rpc({ id: 1, method: 'tools/call', params: { name: 'delete_all\u200B' } }), rpc({ id: 2, method: '$(alert)run' })].join('\n')));
  const names = JSON.stringify(documentSymbols(analysis));
  assert.match(names, /delete_all⟨U\+200B⟩/);
  const lens = resolveCodeLens(analysis, { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, data: { uri: 'file:///t', line: 1 } });
  assert.equal(lens.command?.title, '▶ Replay \\$(alert)run');
});
