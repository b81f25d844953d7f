import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { McpClient } from '../../../src/core/session/client';
import { parseTraceText } from '../../../src/core/trace/jsonl';
import { buildCli, CLI, FIXTURES, NODE, runCli } from './helpers';

// The modern era is stateless: a restart has no handshake to replay, and the host's next
// request simply reaches the new server. MCP Lens's own dual-era client plays the host.
before(buildCli);

test('modern era: the restart tool restarts the server, nothing is replayed, the session goes on', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-hot-modern-'));
  const trace = join(dir, 'modern.mcptrace.jsonl');
  const host = new McpClient({ command: NODE, args: [CLI, 'record', '--watch', join(dir, 'never-written.txt'), '--out', trace, '--', NODE, `${FIXTURES}modern-basic.mjs`] }, { requestTimeoutMs: 20_000 });
  try {
    const info = await host.connect();
    assert.equal(info.era, 'modern');
    const tools = await host.listAll('tools/list');
    assert.deepEqual(tools.map((t) => t.name), ['echo', 'mcp_lens_restart_server']);
    const restarted = await host.callTool('mcp_lens_restart_server', {});
    assert.match(JSON.stringify(restarted.content), /mcp-lens: restarted \(pid \d+\); tools, prompts and resources unchanged/);
    const echoed = await host.callTool('echo', { text: 'still here' });
    assert.match(JSON.stringify(echoed.content), /still here/);
  } finally {
    await host.close();
  }
  const { events } = parseTraceText(readFileSync(trace, 'utf8'));
  const second = events.find((e) => e.kind === 'spawned' && e.info?.child === 2);
  assert.ok(second, 'a second child was started');
  const sentAfter = events.filter((e) => e.seq > second.seq && e.dir === 'c2s' && e.msg && 'method' in e.msg).map((e) => (e.msg as { method: string }).method);
  assert.ok(!sentAfter.includes('initialize') && !sentAfter.includes('server/discover'), `sent after the restart: ${sentAfter.join(', ')}`);
  assert.deepEqual(sentAfter, ['tools/list', 'tools/call']);
});

test('a watch folder that does not exist is refused before the server starts (exit 2)', async () => {
  const run = await runCli(['record', '--watch', '/nonexistent-mcp-lens-dir/src/*.ts', '--', NODE, `${FIXTURES}modern-basic.mjs`], { input: '' });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /^mcp-lens record: cannot watch \/nonexistent-mcp-lens-dir\/src\/\*\.ts: ENOENT/);
  assert.equal(run.stdout, '');
});
