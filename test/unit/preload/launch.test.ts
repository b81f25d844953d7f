import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { PreloadAssets } from '../../../src/core/preload/assets';
import { injectPreload, preloadEnv, preloadRuntimes } from '../../../src/core/preload/launch';

describe('injectPreload', () => {
  let dir: string;
  let assets: PreloadAssets;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-launch-'));
    assets = { nodePreload: path.join(dir, 'node-preload.js'), pythonDir: path.join(dir, 'python') };
    fs.writeFileSync(assets.nodePreload, '');
    fs.mkdirSync(assets.pythonDir);
    fs.writeFileSync(path.join(assets.pythonDir, 'sitecustomize.py'), '');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const side = '/tmp/side.jsonl';

  it('adds --require for Node, names the side file, and keeps everything else', () => {
    const spec = { name: 'srv', command: 'node', args: ['server.js'], cwd: '/w', env: { API_KEY: 'k' } };
    const injected = injectPreload(spec, { sideChannelPath: side, assets, baseEnv: {} });
    assert.deepEqual(injected, {
      name: 'srv',
      command: 'node',
      args: ['server.js'],
      cwd: '/w',
      env: { API_KEY: 'k', MCP_LENS_SIDE_FILE: side, MCP_LENS_STDOUT_ID: '', NODE_OPTIONS: `--require ${assets.nodePreload}` },
    });
    assert.deepEqual(spec.env, { API_KEY: 'k' }, 'the given spec is not mutated');
  });

  it('appends to NODE_OPTIONS from the spec or else the inherited environment, once', () => {
    const require = `--require ${assets.nodePreload}`;
    const fromSpec = injectPreload({ command: 'npx', env: { NODE_OPTIONS: '--max-old-space-size=4096' } }, { sideChannelPath: side, assets, baseEnv: { NODE_OPTIONS: '--inspect' } });
    assert.equal(fromSpec.env?.NODE_OPTIONS, `--max-old-space-size=4096 ${require}`);
    const fromBase = injectPreload({ command: 'npx' }, { sideChannelPath: side, assets, baseEnv: { NODE_OPTIONS: '--enable-source-maps' } });
    assert.equal(fromBase.env?.NODE_OPTIONS, `--enable-source-maps ${require}`);
    const twice = injectPreload(fromBase, { sideChannelPath: side, assets, baseEnv: {} });
    assert.equal(twice.env?.NODE_OPTIONS, `--enable-source-maps ${require}`);
  });

  it('quotes a preload path with spaces as NODE_OPTIONS requires', () => {
    const spaced = { ...assets, nodePreload: path.join(dir, 'with space', 'p"q.js') };
    fs.mkdirSync(path.dirname(spaced.nodePreload), { recursive: true });
    fs.writeFileSync(spaced.nodePreload, '');
    const injected = injectPreload({ command: 'node' }, { sideChannelPath: side, assets: spaced, baseEnv: {} });
    assert.equal(injected.env?.NODE_OPTIONS, `--require "${spaced.nodePreload.replace(/"/g, '\\"')}"`);
  });

  it('puts sitecustomize first on PYTHONPATH for Python', () => {
    const injected = injectPreload({ command: 'uvx', args: ['mcp-server-git'] }, { sideChannelPath: side, assets, baseEnv: { PYTHONPATH: '/lib/a' } });
    assert.equal(injected.env?.PYTHONPATH, `${assets.pythonDir}${path.delimiter}/lib/a`);
    assert.equal(injected.env?.NODE_OPTIONS, undefined);
  });

  it('returns a spec it cannot help unchanged', () => {
    const spec = { command: 'docker', args: ['run', '-i', 'mcp/git'] };
    assert.equal(injectPreload(spec, { sideChannelPath: side, assets }), spec);
    assert.equal(preloadEnv(spec, { sideChannelPath: side, assets }), undefined);
  });

  it('fails before launch when the preload is not built', () => {
    assert.throws(
      () => injectPreload({ command: 'node' }, { sideChannelPath: side, assets: { ...assets, nodePreload: path.join(dir, 'missing.js') } }),
      /preload missing: .*missing\.js/,
    );
  });

  it('gives only its own variables to a transport that merges them', () => {
    assert.deepEqual(preloadEnv({ command: 'sh', args: ['-c', 'cd x && python3 s.py | node t.js'] }, { sideChannelPath: side, assets }), {
      MCP_LENS_SIDE_FILE: side,
      MCP_LENS_STDOUT_ID: '',
      NODE_OPTIONS: `--require ${assets.nodePreload}`,
      PYTHONPATH: assets.pythonDir,
    });
  });
});

describe('preloadRuntimes', () => {
  it('knows the launchers by name', () => {
    const cases: [string, string[], string[]][] = [
      ['node', [], ['node']],
      ['/usr/local/bin/node', [], ['node']],
      ['C:\\Program Files\\nodejs\\npx.cmd', [], ['node']],
      ['tsx', [], ['node']],
      ['python3.11', [], ['python']],
      ['/venv/bin/python', [], ['python']],
      ['uv', ['run', 'server.py'], ['python']],
      ['sh', ['-c', 'exec node dist/index.js'], ['node']],
      ['bash', ['-lc', 'source .venv/bin/activate && python -m srv'], ['python']],
      ['sh', ['-c', 'echo hi'], []],
      ['cmd.exe', ['/c', 'npx', '-y', '@scope/server'], ['node']],
      ['docker', ['run', 'node'], []],
    ];
    for (const [command, args, expected] of cases) {
      assert.deepEqual(preloadRuntimes({ command, args }, { PATH: '' }), expected, command);
    }
  });

  it('reads the #! line of a script command', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-shebang-'));
    try {
      fs.writeFileSync(path.join(dir, 'my-server'), '#!/usr/bin/env node\nconsole.error(1)\n');
      fs.writeFileSync(path.join(dir, 'py-server'), '#!/opt/venv/bin/python3\nprint(1)\n');
      assert.deepEqual(preloadRuntimes({ command: 'my-server' }, { PATH: dir }), ['node']);
      assert.deepEqual(preloadRuntimes({ command: './py-server', cwd: dir }, { PATH: '' }), ['python']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
