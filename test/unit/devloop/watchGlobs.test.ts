import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeSaved, settingGlobs, watchGlobs } from '../../../src/core/devloop/watchGlobs';

test('the setting gives globs per server name, and "*" to every server', () => {
  const setting = { '*': 'shared/**/*.ts', weather: ['src/**/*.ts', 'tools.json'], other: 'x' };
  assert.deepEqual(settingGlobs(setting, 'weather'), ['shared/**/*.ts', 'src/**/*.ts', 'tools.json']);
  assert.deepEqual(settingGlobs(setting, 'notes'), ['shared/**/*.ts']);
  assert.deepEqual(settingGlobs(['src/**'], 'weather'), []);
  assert.deepEqual(settingGlobs(undefined, 'weather'), []);
});

test('config and setting globs together, deduplicated, relative to the workspace folder', () => {
  assert.deepEqual(watchGlobs(['${workspaceFolder}/src/**/*.ts', 'tools.json'], { weather: ['src/**/*.ts', ''] }, 'weather'), ['src/**/*.ts', 'tools.json']);
});

test('the restart reason names what was saved', () => {
  assert.equal(describeSaved(['/w/src/weather.ts']), 'saving weather.ts');
  assert.equal(describeSaved(['/w/src/weather.ts', '/w/src/weather.ts']), 'saving weather.ts');
  assert.equal(describeSaved(['/w/a.ts', '/w/b.ts']), 'saving a.ts and 1 other file');
  assert.equal(describeSaved(['/w/a.ts', '/w/b.ts', '/w/c.ts']), 'saving a.ts and 2 other files');
});
