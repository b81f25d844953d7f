import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HTTP_PROBES } from '../../../src/core/probe/http';
import type { ProbeContext } from '../../../src/core/probe/probe';
import type { McpClient, ServerInfo } from '../../../src/core/session/client';
import { Trace } from '../../../src/core/trace/trace';

function context(info: Partial<ServerInfo>, http?: ProbeContext['http'], trace = new Trace()): ProbeContext {
  return {
    client: { trace } as unknown as McpClient,
    info: { era: 'legacy', protocolVersion: '2025-11-25', capabilities: {}, ...info },
    ...(http ? { http } : {}),
    listed: { tools: [], resources: [], templates: [], prompts: [] },
    timeoutMs: 1000,
  };
}

const skips = (ctx: ProbeContext) => Object.fromEntries(HTTP_PROBES.map((p) => [p.id, p.skip(ctx)]));

describe('why an HTTP probe does not apply', () => {
  it('over stdio, every HTTP probe says stdio has none of it', () => {
    const why = skips(context({}));
    assert.match(why.session!, /^stdio has no sessions/);
    assert.match(why.origin!, /^stdio has no Origin header/);
    assert.match(why.host!, /^stdio has no Host header/);
    assert.match(why['get-stream']!, /^stdio has no GET stream/);
    assert.match(why.resume!, /^stdio has no event streams/);
  });

  it('2026-07-28 has no sessions and no GET stream, but is still checked for Origin and Host', () => {
    const why = skips(context({ era: 'modern', protocolVersion: '2026-07-28' }, { url: 'http://127.0.0.1:1234/mcp', headers: {} }));
    assert.match(why.session!, /2026-07-28 Streamable HTTP has no sessions/);
    assert.match(why['get-stream']!, /removed it/);
    assert.match(why.resume!, /no GET stream to resume on/);
    assert.equal(why.origin, undefined);
    assert.equal(why.host, undefined);
  });

  it('a remote server is not probed for DNS rebinding, a stateless one not for sessions, one without event ids not for resumption', () => {
    const why = skips(context({}, { url: 'https://mcp.example.com/mcp', headers: {} }));
    assert.match(why.origin!, /mcp\.example\.com is not a localhost address/);
    assert.match(why.host!, /mcp\.example\.com is not a localhost address/);
    assert.match(why.session!, /issued no Mcp-Session-Id .*stateless/);
    assert.match(why.resume!, /sent no SSE event ids/);
    assert.equal(why['get-stream'], undefined);
  });

  it('localhost, 127.x and [::1] are probed for DNS rebinding', () => {
    for (const url of ['http://localhost:3000/mcp', 'http://127.0.0.2:3000/mcp', 'http://[::1]:3000/mcp']) {
      const why = skips(context({}, { url, headers: {} }));
      assert.equal(why.origin, undefined, url);
      assert.equal(why.host, undefined, url);
    }
  });
});
