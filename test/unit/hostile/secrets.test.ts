import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serializeEvent } from '../../../src/core/trace/jsonl';
import { collectSecrets } from '../../../src/extension/diagnostics/liveSession';
import { redactor } from '../../../src/extension/traceLog';

test('secret env values and the token inside an Authorization header are both collected', () => {
  const { values } = collectSecrets([], { API_TOKEN: 'sk-secret-123', PATH: '/usr/bin', DEBUG: '1' }, { Authorization: 'Bearer sk-header-456' });
  assert.ok(values.includes('sk-secret-123'));
  assert.ok(values.includes('Bearer sk-header-456'));
  assert.ok(values.includes('sk-header-456'), 'a server that echoes the token shows it without the scheme');
  assert.ok(!values.includes('/usr/bin') && !values.includes('1'));
});

test('the log redactor built from them masks a stderr line that echoes the env, raw or inside JSON', () => {
  const redact = redactor(collectSecrets([], { API_TOKEN: 'sk-secret-123' }, { Authorization: 'Bearer sk-header-456' }).values);
  const line = `[s] stderr: env: ${JSON.stringify({ API_TOKEN: 'sk-secret-123', auth: 'sk-header-456' })}`;
  const out = redact(line);
  assert.ok(!out.includes('sk-secret-123') && !out.includes('sk-header-456'), out);
  assert.match(out, /"API_TOKEN":"••••"/);
  // The same through a serialized trace event (the secret escaped once more in raw).
  const event = serializeEvent({ seq: 1, t: 0, dir: 'stderr', kind: 'log', raw: line });
  assert.ok(!redact(event).includes('sk-secret-123'));
});
