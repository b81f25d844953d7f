import { test } from 'node:test';
import assert from 'node:assert/strict';
import { claudeDesktopConfigPath, configFilesFor } from '../../../src/core/config/locations';

test('Claude Desktop config path on Linux, macOS and Windows', () => {
  assert.equal(claudeDesktopConfigPath({ platform: 'linux', home: '/home/ada' }), '/home/ada/.config/Claude/claude_desktop_config.json');
  assert.equal(claudeDesktopConfigPath({ platform: 'darwin', home: '/Users/ada' }), '/Users/ada/Library/Application Support/Claude/claude_desktop_config.json');
  assert.equal(claudeDesktopConfigPath({ platform: 'win32', home: 'C:\\Users\\ada', appData: 'C:\\Users\\ada\\AppData\\Roaming' }), 'C:\\Users\\ada\\AppData\\Roaming\\Claude\\claude_desktop_config.json');
  assert.equal(claudeDesktopConfigPath({ platform: 'win32', home: 'C:\\Users\\ada' }), undefined);
});

test('three candidates per workspace folder, then Claude Desktop', () => {
  const files = configFilesFor(['/a', '/b'], { platform: 'linux', home: '/h' });
  assert.deepEqual(files.map((f) => `${f.kind} ${f.path}`), [
    'vscode /a/.vscode/mcp.json', 'mcp /a/.mcp.json', 'cursor /a/.cursor/mcp.json',
    'vscode /b/.vscode/mcp.json', 'mcp /b/.mcp.json', 'cursor /b/.cursor/mcp.json',
    'claude /h/.config/Claude/claude_desktop_config.json',
  ]);
});
