import { test } from 'node:test';
import assert from 'node:assert/strict';
import { claudeDesktopConfigPath, configFilesFor, displayName, userConfigFiles } from '../../../src/core/config/locations';

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

test('the user-level files the hosts read: VS Code, the Copilot CLI, Claude Code (user and this folder), Cursor', () => {
  const files = userConfigFiles({ platform: 'linux', home: '/h' }, ['/a']);
  assert.deepEqual(files.map((f) => `${f.kind} ${f.path}${f.within ? ` within ${f.within.join('/')}` : ''} · ${displayName(f)}`), [
    'vscode /h/.config/Code/User/mcp.json · mcp.json (VS Code, user)',
    'mcp /h/.copilot/mcp-config.json · mcp-config.json (Copilot CLI, user)',
    'mcp /h/.claude.json · .claude.json (Claude Code, user)',
    'mcp /h/.claude.json within projects//a · .claude.json (Claude Code, this project)',
    'cursor /h/.cursor/mcp.json · mcp.json (Cursor, user)',
  ]);
  assert.equal(files[3].workspaceFolder, '/a', 'a project entry means its folder by ${workspaceFolder}');
  assert.equal(files.filter((f) => f.workspaceFolder === undefined).length, 4);
  // The editor's own User folder wins over the platform default; $COPILOT_HOME over ~/.copilot.
  const own = userConfigFiles({ platform: 'darwin', home: '/Users/ada', vscodeUser: '/data/User', copilotHome: '/c' }, []);
  assert.deepEqual(own.slice(0, 2).map((f) => f.path), ['/data/User/mcp.json', '/c/mcp-config.json']);
  assert.equal(userConfigFiles({ platform: 'darwin', home: '/Users/ada' }, [])[0].path, '/Users/ada/Library/Application Support/Code/User/mcp.json');
  const win = userConfigFiles({ platform: 'win32', home: 'C:\\Users\\ada', appData: 'C:\\Users\\ada\\AppData\\Roaming' }, []);
  assert.deepEqual(win.map((f) => f.path), ['C:\\Users\\ada\\AppData\\Roaming\\Code\\User\\mcp.json', 'C:\\Users\\ada\\.copilot\\mcp-config.json', 'C:\\Users\\ada\\.claude.json', 'C:\\Users\\ada\\.cursor\\mcp.json']);
  // After the workspace files, before Claude Desktop.
  assert.deepEqual(configFilesFor(['/a'], { platform: 'linux', home: '/h' }, { platform: 'linux', home: '/h' }).map((f) => f.kind), ['vscode', 'mcp', 'cursor', 'vscode', 'mcp', 'mcp', 'mcp', 'cursor', 'claude']);
});
