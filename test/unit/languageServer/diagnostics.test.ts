import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-protocol';
import { diagnose } from '../../../src/core/diagnose/engine';
import { parseTraceText } from '../../../src/core/trace/jsonl';
import { TRACES, TraceServer } from './lspClient';

/** LSP 3.18 allows markup in a diagnostic's message; this server sends plain text. */
const text = (d: Diagnostic): string => (typeof d.message === 'string' ? d.message : d.message.value);

/**
 * One fixture trace per catalogue rule (DESIGN.md §4): the diagnostic sits on the line of
 * the first evidence event (0-based here), names rule, stage and retry, and points at the
 * other evidence lines.
 */
const CASES: { fixture: string; rule: string; line: number; stage: string; related: number[]; retry?: boolean }[] = [
  { fixture: 'spawn-failed', rule: 'spawn-failed', line: 0, stage: 'transport', related: [], retry: false },
  { fixture: 'exited-early', rule: 'exited-early', line: 4, stage: 'transport', related: [2, 3], retry: false },
  { fixture: 'crashed', rule: 'crashed', line: 4, stage: 'transport', related: [8, 5], retry: true },
  { fixture: 'no-response', rule: 'no-response', line: 1, stage: 'transport', related: [2], retry: true },
  { fixture: 'stray-stdout', rule: 'stray-stdout', line: 1, stage: 'framing', related: [] },
  { fixture: 'stray-stdout', rule: 'glued-output', line: 3, stage: 'framing', related: [] },
  { fixture: 'stray-stdout', rule: 'not-jsonrpc', line: 5, stage: 'framing', related: [] },
  { fixture: 'framing', rule: 'multiline-json', line: 2, stage: 'framing', related: [] },
  { fixture: 'framing', rule: 'invalid-utf8', line: 4, stage: 'framing', related: [] },
  { fixture: 'framing', rule: 'partial-line', line: 5, stage: 'framing', related: [] },
  { fixture: 'request-before-initialize', rule: 'request-before-initialize', line: 1, stage: 'initialization', related: [] },
  { fixture: 'missing-initialized', rule: 'missing-initialized', line: 2, stage: 'initialization', related: [3] },
  { fixture: 'version-mismatch', rule: 'version-mismatch', line: 1, stage: 'initialization', related: [2] },
  { fixture: 'unsupported-version', rule: 'unsupported-version', line: 1, stage: 'initialization', related: [2] },
  { fixture: 'missing-meta', rule: 'missing-meta', line: 4, stage: 'initialization', related: [5] },
  { fixture: 'no-discover', rule: 'no-discover', line: 4, stage: 'initialization', related: [1, 2] },
  { fixture: 'undeclared-capability', rule: 'undeclared-capability', line: 2, stage: 'negotiation', related: [5] },
  { fixture: 'capability-not-declared', rule: 'capability-not-declared', line: 2, stage: 'negotiation', related: [5] },
  { fixture: 'invalid-params', rule: 'invalid-params', line: 4, stage: 'invocation', related: [5] },
  { fixture: 'tool-error', rule: 'tool-error', line: 4, stage: 'invocation', related: [5] },
  { fixture: 'domain-error-as-protocol-error', rule: 'domain-error-as-protocol-error', line: 4, stage: 'invocation', related: [5] },
  { fixture: 'output-schema-mismatch', rule: 'output-schema-mismatch', line: 5, stage: 'invocation', related: [7] },
  { fixture: 'envelope', rule: 'duplicate-response', line: 5, stage: 'envelope', related: [6] },
  { fixture: 'envelope', rule: 'unknown-response-id', line: 7, stage: 'envelope', related: [] },
  { fixture: 'envelope', rule: 'null-id', line: 8, stage: 'envelope', related: [] },
  { fixture: 'result-and-error', rule: 'result-and-error', line: 4, stage: 'envelope', related: [5] },
  { fixture: 'reply-to-notification', rule: 'reply-to-notification', line: 3, stage: 'envelope', related: [4] },
  { fixture: 'missing-meta', rule: 'schema-violation', line: 4, stage: 'envelope', related: [] },
  { fixture: 'progress-not-increasing', rule: 'progress-not-increasing', line: 5, stage: 'flow', related: [6] },
  { fixture: 'timeout-cancelled', rule: 'message-after-cancel', line: 6, stage: 'flow', related: [7] },
  { fixture: 'pagination-loop', rule: 'pagination-loop', line: 6, stage: 'flow', related: [7] },
  { fixture: 'timeout-cancelled', rule: 'timeout', line: 4, stage: 'flow', related: [5] },
  // The other two input formats: raw JSON-RPC and VS Code's MCP output channel.
  { fixture: 'format-raw-jsonrpc', rule: 'undeclared-capability', line: 1, stage: 'negotiation', related: [4] },
  { fixture: 'format-vscode-output', rule: 'undeclared-capability', line: 3, stage: 'negotiation', related: [7] },
];

describe('trace language server: diagnostics on the lines of their evidence', () => {
  let server: TraceServer;
  const published = new Map<string, Promise<{ uri: string; diagnostics: Diagnostic[] }>>();
  const diagnosticsOf = (fixture: string) => {
    let result = published.get(fixture);
    if (!result) {
      result = server.open(`${fixture}.mcptrace.jsonl`).then(async (uri) => ({ uri, diagnostics: await server.diagnostics(uri) }));
      published.set(fixture, result);
    }
    return result;
  };
  before(async () => {
    server = await TraceServer.start();
  });
  after(async () => {
    await server.stop();
  });

  for (const c of CASES) {
    it(`${c.rule} (${c.fixture})`, async () => {
      const { uri, diagnostics } = await diagnosticsOf(c.fixture);
      const d = diagnostics.find((x) => x.code === c.rule);
      assert.ok(d, `no ${c.rule} among ${diagnostics.map((x) => x.code).join(', ')}`);
      assert.equal(d.source, 'mcp-lens');
      assert.deepEqual([d.range.start.line, d.range.end.line, d.range.start.character], [c.line, c.line, 0]);
      const retry = c.retry ? 'retrying may help' : 'retrying will not help';
      assert.ok(text(d).includes(`[${c.rule} · stage ${c.stage} · ${retry}]`), text(d));
      assert.match(text(d), /\nHint: \S/);
      assert.deepEqual(d.relatedInformation?.map((r) => r.location.range.start.line) ?? [], c.related);
      for (const r of d.relatedInformation ?? []) {
        assert.equal(r.location.uri, uri);
        assert.match(r.message, /^evidence: .+ \(seq \d+\)$/);
      }
    });
  }

  it('gives a healthy session no diagnostics', async () => {
    const { diagnostics } = await diagnosticsOf('healthy');
    assert.deepEqual(diagnostics, []);
  });

  it('maps each core severity to the LSP severity, in the order the engine found them', async () => {
    const severity = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, info: DiagnosticSeverity.Information };
    for (const fixture of ['tool-error', 'undeclared-capability', 'stray-stdout', 'framing']) {
      const core = diagnose(parseTraceText(readFileSync(join(TRACES, `${fixture}.mcptrace.jsonl`), 'utf8')).events);
      const lsp = (await diagnosticsOf(fixture)).diagnostics;
      assert.deepEqual(
        lsp.map((d) => [d.code, d.severity]),
        core.map((d) => [d.rule, severity[d.severity]]),
      );
    }
  });

  it('reports a line that is no trace event as an unreadable line, and re-analyses after an edit', async () => {
    const lines = '{"jsonrpc":"2.0","id":1,"method":"ping"}\nServer listening on port 3000\n';
    const uri = await server.open('edited.mcptrace.jsonl', lines);
    const first = await server.diagnostics(uri);
    const unreadable = first.find((d) => d.code === 'unreadable-line');
    assert.equal(unreadable?.range.start.line, 1);
    assert.match(text(unreadable!), /not JSON/);
    await server.change(uri, 2, '{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"jsonrpc":"2.0","id":1,"result":{}}\n');
    const second = await server.diagnostics(uri, 2);
    assert.equal(second.some((d) => d.code === 'unreadable-line'), false);
  });

  it('does not put a diagnostic on every line of a file that is no trace at all', async () => {
    const prose = Array.from({ length: 1000 }, (_, i) => `line ${i} of a README`).join('\n');
    const diagnostics = await server.diagnostics(await server.open('prose.mcptrace.jsonl', prose));
    assert.equal(diagnostics.length, 201);
    assert.equal(diagnostics[200].range.start.line, 200);
    assert.match(text(diagnostics[200]), /…and 800 more lines from here on that are not trace events/);
  });
});
