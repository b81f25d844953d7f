import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encodeHeaderValue, paramHeaders } from '../../../src/core/transport/httpHeaders';
import { redactHeaders, redactUrl } from '../../../src/core/transport/httpRedact';
import { SseParser } from '../../../src/core/transport/sse';

describe('SseParser', () => {
  const stream = 'id: 1\nevent: message\ndata: {"a":1}\n\n: keep-alive\n\ndata: line one\ndata: line two\r\n\r\nretry: 50\ndata:no-space\r\rdata: tail';

  it('splits events at blank lines, joins data lines, ignores comments, keeps id and retry', () => {
    const p = new SseParser();
    const events = p.push(stream);
    assert.deepEqual(events, [
      { data: '{"a":1}', event: 'message', id: '1' },
      { data: 'line one\nline two', event: 'message' },
      { data: 'no-space', event: 'message', retry: 50 },
    ]);
    assert.equal(p.lastEventId, '1');
    assert.deepEqual(p.end(), { incomplete: true }, 'an event without its blank line is not dispatched');
  });

  it('gives the same events whatever the chunk boundaries (CR LF split across chunks too)', () => {
    const whole = new SseParser().push(stream);
    for (let seed = 1; seed <= 50; seed++) {
      const p = new SseParser();
      const got = [];
      let i = 0;
      let r = seed;
      while (i < stream.length) {
        r = (r * 1103515245 + 12345) % 2147483648;
        const n = 1 + (r % 7);
        got.push(...p.push(stream.slice(i, i + n)));
        i += n;
      }
      assert.deepEqual(got, whole, `seed ${seed}`);
    }
  });

  it('drops a leading byte order mark', () => {
    assert.deepEqual(new SseParser().push('\ufeffdata: x\n\n'), [{ data: 'x', event: 'message' }]);
  });
});

describe('HTTP headers', () => {
  it('redacts credentials but keeps the scheme, the challenge and other headers', () => {
    const out = redactHeaders({ Authorization: 'Bearer abc', 'X-API-Key': 'k', 'WWW-Authenticate': 'Bearer realm="x"', 'X-Team': 'lens with hunter22' }, ['hunter22']);
    assert.deepEqual(out, { Authorization: 'Bearer <redacted>', 'X-API-Key': '<redacted>', 'WWW-Authenticate': 'Bearer realm="x"', 'X-Team': 'lens with <redacted>' });
    assert.equal(redactUrl('http://u:pw@127.0.0.1:1/mcp?api_key=zz&x=1'), 'http://u:%3Credacted%3E@127.0.0.1:1/mcp?api_key=%3Credacted%3E&x=1');
  });

  it('encodes header values that are not plain ASCII with the base64 sentinel', () => {
    assert.equal(encodeHeaderValue('us-west1'), 'us-west1');
    assert.equal(encodeHeaderValue('Hello, 世界'), '=?base64?SGVsbG8sIOS4lueVjA==?=');
    assert.equal(encodeHeaderValue(' padded '), '=?base64?IHBhZGRlZCA=?=');
    assert.equal(encodeHeaderValue('=?base64?literal?='), '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=');
  });

  it('reads x-mcp-header annotations only through properties, on primitive types', () => {
    assert.deepEqual(paramHeaders({ type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, q: { type: 'string' } } }), [{ name: 'Region', path: ['region'] }]);
    assert.equal(paramHeaders({ type: 'object', properties: { n: { type: 'number', 'x-mcp-header': 'N' } } }), undefined);
  });
});
