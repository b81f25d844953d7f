import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { buildChildEnv } from '../../../src/core/transport/env';

test("the server's env goes over the parent's, and unset parent values are left out", () => {
  const env = buildChildEnv({ PATH: '/bin', HOME: '/h', GONE: undefined }, { HOME: '/other', API_KEY: 'k' }, undefined);
  assert.deepEqual(env, { PATH: '/bin', HOME: '/other', API_KEY: 'k' });
});

test("a preload's NODE_OPTIONS and PYTHONPATH are appended to the user's, other variables set", () => {
  const env = buildChildEnv(
    { NODE_OPTIONS: '--max-old-space-size=100' },
    { PYTHONPATH: '/mine' },
    { NODE_OPTIONS: '--require /p.js', PYTHONPATH: '/preload', MCP_LENS_SIDE_FILE: '/tmp/side' },
  );
  assert.equal(env.NODE_OPTIONS, '--max-old-space-size=100 --require /p.js');
  assert.equal(env.PYTHONPATH, `/mine${path.delimiter}/preload`);
  assert.equal(env.MCP_LENS_SIDE_FILE, '/tmp/side');
  assert.equal(buildChildEnv({}, undefined, { NODE_OPTIONS: '--require /p.js' }).NODE_OPTIONS, '--require /p.js');
});
