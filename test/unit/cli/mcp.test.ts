import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { alive, buildCli, CLI, FIXTURES, NODE, runCli } from './helpers';

// `mcp-lens mcp` driven the way a coding agent's host drives it: the official SDK client over stdio.
let client: Client;
let transport: StdioClientTransport;

before(async () => {
  await buildCli();
  transport = new StdioClientTransport({ command: NODE, args: [CLI, 'mcp', '--timeout', '10000'], stderr: 'pipe' });
  client = new Client({ name: 'agent-under-test', version: '1.0.0' });
  await client.connect(transport);
});

after(async () => {
  await client?.close();
});

async function gone(pid: number): Promise<void> {
  // Polled with a generous deadline: the assertion is that it ends, not how fast.
  for (let i = 0; i < 300 && alive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(alive(pid), false, `process ${pid} is still running`);
}

async function call(name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text?: string }[];
  return { text: content.map((c) => c.text ?? '').join(''), isError: result.isError === true };
}

test('it lists the agent tools, each with a description', async () => {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), ['call_tool', 'check', 'get_diagnostics', 'list_capabilities', 'list_servers', 'read_messages', 'read_stderr', 'restart_server', 'start_server', 'stop_server']);
  for (const tool of tools) assert.ok((tool.description ?? '').length > 60, `${tool.name} has a real description`);
});

test('start once, call many: a held session to a legacy server', async () => {
  const started = await call('start_server', { name: 'legacy', command: NODE, args: [`${FIXTURES}legacy-basic.mjs`] });
  assert.equal(started.isError, false, started.text);
  assert.match(started.text, /^Started\.\n- legacy \(.*legacy-basic\.mjs\): running\n {2}era: legacy, protocol \d{4}-\d\d-\d\d, server "legacy-basic" 1\.0\.0\n {2}tools: \d+ \(echo, fail, /);

  const again = await call('start_server', { name: 'legacy', command: NODE, args: [`${FIXTURES}legacy-basic.mjs`] });
  assert.equal(again.isError, true);
  assert.match(again.text, /^"legacy" is already running; use restart_server/);

  for (const word of ['one', 'two']) {
    const echoed = await call('call_tool', { name: 'legacy', tool: 'echo', arguments: { text: word } });
    assert.equal(echoed.isError, false);
    assert.match(echoed.text, new RegExp(`^echo: result \\(isError: false\\) in \\d+ ms\\n\\ncontent:\\n.*${word}`));
    assert.match(echoed.text, /#\d+ → \{"jsonrpc":"2\.0","id":\d+,"method":"tools\/call"/);
  }
  const failed = await call('call_tool', { name: 'legacy', tool: 'fail' });
  assert.match(failed.text, /^fail: the tool ran and reported an error \(isError: true\)/);
  assert.match(failed.text, /diagnostics raised by this call:\n1 diagnostic\(s\)[^\n]*\n\[\w+\] tool-error/);

  const listed = await call('list_capabilities', { name: 'legacy', kind: 'tools' });
  assert.match(listed.text, /^- echo\(text\*: string\) — Echoes text$/m);
  const servers = await call('list_servers', {});
  assert.match(servers.text, /^1 session\(s\):\n- legacy .*: running/);
});

test('a crash: the call says the server exited, the session shows the exit code, stderr and diagnostics explain it', async () => {
  const crashed = await call('call_tool', { name: 'legacy', tool: 'crash' });
  assert.match(crashed.text, /^crash: the server exited \(code 3\) before answering/);
  const servers = await call('list_servers', {});
  assert.match(servers.text, /- legacy .*: exited \(code 3\)/);
  const diagnostics = await call('get_diagnostics', { name: 'legacy' });
  assert.match(diagnostics.text, /^\[error\] crashed \(transport\): .*\n {2}fix: .*\n {2}evidence #\d+ /m);
  const notRunning = await call('call_tool', { name: 'legacy', tool: 'echo', arguments: { text: 'x' } });
  assert.equal(notRunning.isError, true);
  assert.match(notRunning.text, /^"legacy" is not running \(exited \(code 3\)(: [^\n]*)?\)\. Use restart_server/);
});

test('restart: the same command again, the trace goes on after a marker, the tools work', async () => {
  const restarted = await call('restart_server', { name: 'legacy' });
  assert.match(restarted.text, /^Restarted\.\n- legacy .*: running/);
  const messages = await call('read_messages', { name: 'legacy', last: 200 });
  assert.match(messages.text, /#\d+ · — restarted after restart_server —/);
  assert.match(messages.text, /#\d+ · server exited \(code 3\)\n(.*\n)*#\d+ · — restarted after restart_server —\n#\d+ · spawned .*legacy-basic\.mjs \(pid \d+\)/);
  const echoed = await call('call_tool', { name: 'legacy', tool: 'echo', arguments: { text: 'after restart' } });
  assert.match(echoed.text, /after restart/);
});

test('diagnostics with evidence: stray stdout from a banner', async () => {
  await call('start_server', { name: 'banner', command: NODE, args: [`${FIXTURES}faults/banner-stdout.mjs`] });
  const diagnostics = await call('get_diagnostics', { name: 'banner' });
  assert.match(diagnostics.text, /^\[error\] stray-stdout \(framing\): .*\n {2}fix: .*\n {2}evidence #\d+ ← \[stray\] Weather MCP server v1\.2/m);
  await call('stop_server', { name: 'banner' });
});

test('check on a modern server passes', async () => {
  await call('start_server', { name: 'modern', command: NODE, args: [`${FIXTURES}modern-basic.mjs`] });
  const checked = await call('check', { name: 'modern' });
  assert.match(checked.text, /^check modern: PASSED: no error-severity diagnostic\n\n- modern .*: running\n {2}era: modern/);
  const stopped = await call('stop_server', { name: 'modern' });
  assert.match(stopped.text, /^Stopped\.\n- modern .*: stopped/);
});

test('a server that hangs on a call is given up on at the call\'s bound, and the session stays usable', async () => {
  await call('start_server', { name: 'hang', command: NODE, args: [`${FIXTURES}faults/hangs-on-call.mjs`] });
  const hung = await call('call_tool', { name: 'hang', tool: 'echo', arguments: { text: 'x' }, timeoutMs: 300 });
  assert.equal(hung.isError, false, 'the agent gets an answer, not a failure of mcp-lens');
  assert.match(hung.text, /^echo: no answer within 300 ms: the call was cancelled \(notifications\/cancelled sent\) after \d+ ms/);
  assert.match(hung.text, /#\d+ → \{"jsonrpc":"2\.0","method":"notifications\/cancelled"/);
  assert.match((await call('list_servers', {})).text, /- hang .*: running/);
  await call('stop_server', { name: 'hang' });
});

test('a flooding server: every answer stays within its bound', async () => {
  await call('start_server', { name: 'flood', command: NODE, args: [`${FIXTURES}notification-flood.mjs`] });
  const echoed = await call('call_tool', { name: 'flood', tool: 'echo', arguments: { text: 'through the flood' } });
  assert.match(echoed.text, /through the flood/);
  const messages = await call('read_messages', { name: 'flood', last: 200 });
  assert.match(messages.text, /^flood \(running\):\nThe last 200 of \d{6,} messages:/);
  assert.ok(messages.text.length <= 16_100, `read_messages answered ${messages.text.length} characters`);
  const servers = await call('list_servers', {});
  assert.ok(servers.text.length <= 16_100);
  await call('stop_server', { name: 'flood' });
});

test('a wrong session name, a wrong tool, a bad count get short precise errors', async () => {
  const unknown = await call('get_diagnostics', { name: 'nope' });
  assert.deepEqual(unknown, { isError: true, text: 'No session named "nope". Sessions: legacy, banner, modern, hang, flood.' });
  const wrongTool = await call('call_tool', { name: 'legacy', tool: 'nope' });
  assert.equal(wrongTool.isError, true);
  assert.match(wrongTool.text, /^"legacy" offers no tool named "nope"\. It offers: echo, fail/);
  const tooMany = await call('read_stderr', { name: 'legacy', last: 5000 });
  assert.equal(tooMany.isError, true);
  assert.match(tooMany.text, /Invalid arguments for tool read_stderr: Too big: expected number to be <=200 at last/);
});

test('mcp --help prints ready-to-paste host configurations', async () => {
  const run = await runCli(['mcp', '--help']);
  assert.equal(run.code, 0);
  assert.match(run.stdout, /claude mcp add mcp-lens -- npx -y mcp-lens mcp/);
  assert.match(run.stdout, /\[mcp_servers\.mcp-lens\]\n {2}command = "npx"\n {2}args = \["-y", "mcp-lens", "mcp"\]/);
  const cursor = /"mcpServers": \{\n\s+"mcp-lens": (\{.*\})\n/.exec(run.stdout);
  assert.deepEqual(JSON.parse(cursor![1]), { command: 'npx', args: ['-y', 'mcp-lens', 'mcp'] });
  assert.match(run.stdout, /"servers": \{\n\s+"mcp-lens": \{ "type": "stdio"/);
});

test('the host closing the connection ends mcp-lens and every server it holds', async () => {
  const messages = await call('read_messages', { name: 'legacy', last: 200 });
  const pids = [...messages.text.matchAll(/spawned .* \(pid (\d+)\)/g)].map((m) => Number(m[1]));
  const serverPid = pids.at(-1)!;
  assert.equal(alive(serverPid), true, 'the restarted legacy server runs');
  const lensPid = transport.pid!;
  await client.close();
  await gone(lensPid);
  await gone(serverPid);
});
