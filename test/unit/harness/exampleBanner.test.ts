import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { exampleBanner, exampleServers } from '../../harness/exampleBanner';
import { root } from '../../harness/paths';

const workspace = join(root, 'examples', 'workspace');

test('npm run example names every server the example workspace configures', () => {
  const servers = exampleServers(workspace);
  assert.deepEqual(servers, ['weather', 'chatty', 'notes']);
  const banner = exampleBanner({ url: 'http://127.0.0.1:1234/?folder=x', logFile: '/tmp/log', servers, seconds: 3 });
  for (const name of servers) assert.match(banner, new RegExp(`^ +${name}\\b`, 'm'), `the banner should list ${name}`);
  assert.match(banner, /lists the 3 servers/);
});

test('the last line of npm run example says where to open it and how to stop it', () => {
  const banner = exampleBanner({ url: 'http://127.0.0.1:1234/?folder=x', logFile: '/tmp/log', servers: ['weather'], seconds: 3 });
  const last = banner.split('\n').at(-1) ?? '';
  assert.match(last, /^Open http:\/\/127\.0\.0\.1:1234\/\?folder=x /);
  assert.match(last, /Ctrl-C stops/);
});
