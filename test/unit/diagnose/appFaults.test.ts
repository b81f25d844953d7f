import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { TraceBuilder } from './traceBuilder';

const URI = 'ui://shop/cart.html';

function appTrace(info: Record<string, unknown>): TraceBuilder {
  const t = new TraceBuilder();
  t.modernSession({});
  t.meta('app', { toApp: false, app: URI, ...info });
  return t;
}

function only(t: TraceBuilder, rule: string) {
  return diagnose(t.events).filter((d) => d.rule.startsWith('app-') && d.rule === rule);
}

test('app lane facts become their diagnostics, citing the lane event', () => {
  const csp = appTrace({ cspViolation: { uri: URI, directive: 'connect-src', blocked: 'https://tracker.example.com/collect' } });
  const [violation] = only(csp, 'app-csp-violation');
  assert.equal(violation?.severity, 'warning');
  assert.match(violation!.message, /connect-src.*tracker\.example\.com/);
  assert.deepEqual(violation!.evidence, [csp.events.length]);

  const [unknown] = only(appTrace({ unknownTool: { uri: URI, name: 'no_such_tool' } }), 'app-unknown-tool');
  assert.equal(unknown?.severity, 'warning');
  assert.match(unknown!.message, /no_such_tool/);

  const [missing] = only(appTrace({ resourceProblem: { uri: URI, tool: 'cart', problem: 'its mimeType is "text/html"' } }), 'app-resource-invalid');
  assert.equal(missing?.severity, 'error');
  assert.match(missing!.message, /cart.*text\/html/);
});

test('the eval probe of libraries is a note, not a warning', () => {
  const [probe] = only(appTrace({ cspViolation: { uri: URI, directive: 'script-src', blocked: 'eval' } }), 'app-csp-violation');
  assert.equal(probe?.severity, 'info');
  assert.match(probe!.hint ?? '', /refuses eval and new Function in every host/);
});

test('an inline script MCP Lens refuses (no nonce) is a note that says so, not an undeclared origin', () => {
  for (const [directive, blocked] of [['script-src-elem', 'inline'], ['script-src-attr', 'inline'], ['script-src-elem', '']]) {
    const [inline] = only(appTrace({ cspViolation: { uri: URI, directive, blocked } }), 'app-csp-violation');
    assert.equal(inline?.severity, 'info', `${directive} ${blocked}`);
    assert.match(inline!.message, new RegExp(`^MCP Lens refused an inline script of the app "ui://shop/cart.html" \\("${directive}"\\)`));
    assert.match(inline!.hint ?? '', /addEventListener/);
    assert.doesNotMatch(inline!.hint ?? '', /_meta\.ui\.csp/);
  }
});

test('plain bridge messages in the lane are not faults', () => {
  const t = appTrace({ message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add' } } });
  assert.deepEqual(diagnose(t.events).filter((d) => d.rule.startsWith('app-')), []);
});
