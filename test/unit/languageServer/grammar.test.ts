import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { TRACES } from './lspClient';

// vscode-textmate is not a dependency, so the grammar is checked as data: valid JSON, every
// include resolves, every regex compiles, and the patterns that colour a trace catch what
// they are for on real fixture lines. (The patterns use only syntax that Oniguruma and
// JavaScript read alike: groups, classes, lookahead.)
const ROOT = resolve(import.meta.dirname, '../../..');
const grammar = JSON.parse(readFileSync(join(ROOT, 'syntaxes/mcp-trace.tmLanguage.json'), 'utf8'));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

interface Pattern {
  match?: string;
  begin?: string;
  end?: string;
  name?: string;
  include?: string;
  patterns?: Pattern[];
  captures?: Record<string, { name: string }>;
}

function* allPatterns(list: Pattern[]): Generator<Pattern> {
  for (const p of list) {
    yield p;
    if (p.patterns) yield* allPatterns(p.patterns);
  }
}
const every = [...allPatterns(grammar.patterns), ...Object.values(grammar.repository as Record<string, Pattern>).flatMap((r) => [...allPatterns([r])])];

/** The scopes a pattern with `scope` in its name or captures gives to a line, by captured text. */
function scopesOn(line: string, scope: string): string[] {
  const found: string[] = [];
  for (const p of every) {
    if (!p.match) continue;
    const names = [p.name, ...Object.values(p.captures ?? {}).map((c) => c.name)];
    if (!names.some((n) => n?.includes(scope))) continue;
    for (const m of line.matchAll(new RegExp(p.match, 'g'))) {
      if (p.name?.includes(scope)) found.push(m[0]);
      for (const [index, capture] of Object.entries(p.captures ?? {})) {
        if (capture.name.includes(scope) && m[Number(index)] !== undefined) found.push(m[Number(index)]);
      }
    }
  }
  return found;
}

const fixtureLine = (name: string, line: number) => readFileSync(join(TRACES, name), 'utf8').split('\n')[line];

describe('mcp-trace TextMate grammar', () => {
  it('is the grammar package.json contributes for the mcp-trace language', () => {
    assert.equal(grammar.scopeName, 'source.mcp-trace');
    const contributed = pkg.contributes.grammars.find((g: { language: string }) => g.language === 'mcp-trace');
    assert.equal(contributed.scopeName, grammar.scopeName);
    assert.equal(resolve(ROOT, contributed.path), join(ROOT, 'syntaxes/mcp-trace.tmLanguage.json'));
    const language = pkg.contributes.languages.find((l: { id: string }) => l.id === 'mcp-trace');
    assert.deepEqual(language.extensions, ['.mcptrace.jsonl']);
    JSON.parse(readFileSync(resolve(ROOT, language.configuration), 'utf8'));
  });

  it('compiles every regex and resolves every include', () => {
    for (const p of every) {
      for (const source of [p.match, p.begin, p.end]) if (source !== undefined) assert.doesNotThrow(() => new RegExp(source), source);
      if (p.include?.startsWith('#')) assert.ok(grammar.repository[p.include.slice(1)], `missing ${p.include}`);
    }
  });

  it('colours method, id, error code and isError in a raw JSON-RPC line', () => {
    const line = '{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"Method not found"}}';
    assert.deepEqual(scopesOn(line, 'error-code'), ['-32601']);
    assert.deepEqual(scopesOn(line, 'constant.id'), ['2']);
    assert.deepEqual(scopesOn(fixtureLine('format-raw-jsonrpc.mcptrace.jsonl', 3), 'method'), ['tools/list']);
    assert.deepEqual(scopesOn('{"result":{"content":[],"isError":true}}', 'is-error'), ['true']);
  });

  it('colours the message escaped inside the raw field of a trace event, and its direction', () => {
    const line = fixtureLine('undeclared-capability.mcptrace.jsonl', 5);
    assert.deepEqual(scopesOn(line, 'direction.s2c'), ['s2c']);
    // Once in the escaped `raw` string and once in `msg`.
    assert.deepEqual(scopesOn(line, 'error-code'), ['-32601', '-32601']);
    assert.deepEqual(scopesOn(fixtureLine('undeclared-capability.mcptrace.jsonl', 4), 'method'), ['tools/list', 'tools/list']);
    assert.deepEqual(scopesOn(fixtureLine('stray-stdout.mcptrace.jsonl', 1), 'illegal.stray.'), ['stray']);
  });

  it("colours VS Code's output-channel arrows and marks stray lines, but not JSON or log lines", () => {
    const vscode = fixtureLine('format-vscode-output.mcptrace.jsonl', 2);
    assert.deepEqual(scopesOn(vscode, 'direction.c2s'), ['editor -> server']);
    assert.deepEqual(scopesOn(vscode, 'timestamp'), ['2026-07-24 02:03:14.089']);
    assert.deepEqual(scopesOn(fixtureLine('format-vscode-output.mcptrace.jsonl', 3), 'direction.s2c'), ['server -> editor']);
    assert.deepEqual(scopesOn('Server started on stdio', 'stray-line'), ['Server started on stdio']);
    for (const line of ['{"jsonrpc":"2.0"}', '  "id": 1,', vscode, '[server -> editor] {}', '']) assert.deepEqual(scopesOn(line, 'stray-line'), [], line);
  });
});
