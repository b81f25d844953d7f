import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { StdioServerConfig } from '../../../src/core/config/types';
import { diagnose } from '../../../src/core/diagnose/engine';
import { portableServer } from '../../../src/core/record/portable';
import { defaultTraceName, recordLaunch } from '../../../src/core/record/recordCommand';
import { parseTraceText } from '../../../src/core/trace/jsonl';
import { bundleForNode } from '../bundle';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FIXTURE = `${ROOT}test/fixtures/servers/record/banner-reads-env.mjs`;
const SECRET = 'sk-never-in-the-clipboard';

let dir: string;
let extensionPath: string;
let workspace: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-lens-record-'));
  extensionPath = join(dir, "ext with 'quote'");
  workspace = join(dir, 'ws');
  // The CLI bundled as the extension ships it (esbuild.config.mjs), in an extension folder of its own.
  await bundleForNode('src/cli/main.ts', join(extensionPath, 'dist', 'cli.js'));
  await bundleForNode('src/cli/record/worker.ts', join(extensionPath, 'dist', 'recorder.js'));
  mkdirSync(join(workspace, '.mcp-lens', 'traces'), { recursive: true });
});

after(() => rmSync(dir, { recursive: true, force: true }));

/** Plays a host: initialize, and once answered, initialized + tools/list + a call; then closes stdin. */
function host(commandLine: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('sh', ['-c', commandLine], { env: { ...process.env, ...env }, stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  let rest = false;
  const deadline = setTimeout(() => child.kill('SIGKILL'), 30_000);
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString('utf8');
    if (rest || !stdout.includes('"id":1,')) return;
    rest = true;
    child.stdin.end(
      [
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
        { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } },
      ]
        .map((m) => JSON.stringify(m) + '\n')
        .join(''),
    );
  });
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'sh-host', version: '1' } } }) + '\n');
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(deadline);
      resolve({ code, stdout, stderr });
    }),
  );
}

test('the copied shell line runs the server through mcp-lens record; its trace shows the banner as stray-stdout', async () => {
  const config: StdioServerConfig = {
    type: 'stdio',
    key: 'weather',
    name: 'weather',
    file: { kind: 'vscode', path: join(workspace, '.vscode', 'mcp.json'), workspaceFolder: workspace },
    inputs: [],
    command: process.execPath,
    args: [FIXTURE],
    env: { GREETING: "it's a test", API_KEY: SECRET },
  };
  const tracePath = join(workspace, '.mcp-lens', 'traces', defaultTraceName('weather'));
  const launch = recordLaunch(portableServer(config, { userHome: dir }), 'shell', { node: process.execPath, cliPath: join(extensionPath, 'dist', 'cli.js'), tracePath });
  assert.ok(!launch.text.includes(SECRET), 'the secret itself is never copied');

  const run = await host(launch.text, { API_KEY: 'from-the-shell' });
  assert.equal(run.code, 0, run.stderr);
  // The proxy is transparent: the host saw the banner and every answer.
  assert.match(run.stdout, /^Weather MCP server ready/);
  assert.match(run.stdout, /"id":3,"result":\{"content":\[\{"type":"text","text":"hi"\}\]/);
  assert.match(run.stderr, /GREETING=it's a test API_KEY is set/);

  const files = readdirSync(join(workspace, '.mcp-lens', 'traces'));
  assert.equal(files.length, 1);
  assert.match(files[0]!, /^weather-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.mcptrace\.jsonl$/);
  const { events, problems } = parseTraceText(readFileSync(join(workspace, '.mcp-lens', 'traces', files[0]!), 'utf8'));
  assert.deepEqual(problems, []);
  assert.ok(events.some((e) => e.dir === 'stderr' && e.raw === "GREETING=it's a test API_KEY is set"));
  assert.ok(!events.some((e) => e.raw.includes('from-the-shell')));
  const banner = events.find((e) => e.dir === 's2c' && e.raw.startsWith('Weather MCP server ready'));
  assert.ok(banner, 'the banner is in the trace');
  const stray = diagnose(events).filter((d) => d.rule === 'stray-stdout');
  assert.equal(stray.length, 1);
  assert.deepEqual(stray[0]!.evidence, [banner.seq]);
});
