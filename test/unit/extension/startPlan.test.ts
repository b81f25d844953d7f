import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { StdioServerConfig } from '../../../src/core/config/types';
import type { Log } from '../../../src/extension/log';
import { ServerEntry } from '../../../src/extension/serverEntry';
import { planStart, timeoutsFor, type StartPlan } from '../../../src/extension/startPlan';

function recordingLog(): { log: Log; lines: string[] } {
  const lines: string[] = [];
  const log = { info: (m: string) => lines.push(`info ${m}`), warn: (m: string) => lines.push(`warn ${m}`), error: (m: string) => lines.push(`error ${m}`) } as unknown as Log;
  return { log, lines };
}

function stdioEntry(extra: Partial<StdioServerConfig> = {}): ServerEntry {
  return new ServerEntry({ type: 'stdio', key: '/w/.vscode/mcp.json#weather', name: 'weather', file: { kind: 'vscode', path: '/w/.vscode/mcp.json' }, inputs: [], command: 'node', args: ['server.mjs'], env: {}, ...extra } as StdioServerConfig);
}

const resolvedStdio = (env: Record<string, string | null>, secrets: string[] = []) => ({ ok: true as const, server: { name: 'weather', command: 'node', args: ['server.mjs'], cwd: '/w', env, secrets } });

test('a config that does not resolve ends Start in the error state, naming each field', () => {
  const { log } = recordingLog();
  const plan = planStart(stdioEntry(), { ok: false, problems: [{ field: 'command', message: 'is empty', severity: 'error', file: '/w/.vscode/mcp.json' }] } as never, log);
  assert.ok('outcome' in plan);
  assert.equal(plan.outcome.reason, 'Cannot start "weather": command: is empty');
  assert.deepEqual(plan.state, { kind: 'error', message: 'command: is empty', stderrTail: [] });
});

test('a null env value is told in the log and left out; a password input is masked by the plan', () => {
  const { log, lines } = recordingLog();
  const plan = planStart(stdioEntry(), resolvedStdio({ HOME_UNSET: null, UNITS: 'metric' }, ['s3cret']), log) as StartPlan;
  assert.deepEqual(plan.spec.env, { UNITS: 'metric' });
  assert.deepEqual(lines, ['warn [weather] env.HOME_UNSET is null: MCP Lens cannot unset an inherited variable; it keeps the inherited value']);
  assert.equal(plan.redact('token s3cret here').includes('s3cret'), false);
  assert.equal(plan.remote, undefined);
});

test('a debug type MCP Lens cannot attach to ends Start with the reason', () => {
  const { log } = recordingLog();
  const plan = planStart(stdioEntry({ dev: { watch: [], debug: { type: 'gdb' } } }), resolvedStdio({}), log);
  assert.ok('outcome' in plan);
  assert.match(plan.outcome.reason, /^Cannot debug "weather": dev\.debug\.type "gdb"/);
  assert.equal(plan.state?.kind, 'error');
});

test('a remote server is planned with its URL as the command and nothing to launch', () => {
  const { log } = recordingLog();
  const entry = new ServerEntry({ type: 'http', key: 'k', name: 'remote', file: { kind: 'vscode', path: '/w/.vscode/mcp.json' }, inputs: [], url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer abc' } } as never);
  const plan = planStart(entry, { ok: true, server: { name: 'remote', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer abc' }, secrets: [] } }, log) as StartPlan;
  assert.equal(plan.spec.command, 'http://127.0.0.1:9/mcp');
  assert.deepEqual(plan.remote, { name: 'remote', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer abc' }, secrets: [] });
});

test('timeouts: a debugged server and a sign-in wait long; otherwise the setting', () => {
  const { log } = recordingLog();
  const plan = planStart(stdioEntry(), resolvedStdio({}), log) as StartPlan;
  assert.deepEqual(timeoutsFor(plan, false, 12_000), { requestTimeoutMs: 12_000, probeTimeoutMs: 3000, probeMaxWaitMs: 10_000 });
  // server/discover never waits past the request timeout a person set, as mcp-lens --timeout bounds it.
  assert.deepEqual(timeoutsFor(plan, false, 1000), { requestTimeoutMs: 1000, probeTimeoutMs: 1000, probeMaxWaitMs: 1000 });
  assert.ok(timeoutsFor(plan, true, 12_000).requestTimeoutMs > 12_000);
  assert.ok(timeoutsFor({ ...plan, debug: {} as never }, false, 12_000).requestTimeoutMs > timeoutsFor(plan, true, 12_000).requestTimeoutMs);
});
