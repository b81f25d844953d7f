import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classify, notificationSchema, requestSchema, responseSchema } from '../../../src/core/wire/message';

/** What the zod schemas alone say, the reference classify's fast path must agree with. */
function bySchemas(v: unknown): string {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'not-jsonrpc';
  if ('method' in v) {
    if ('id' in v) return requestSchema.safeParse(v).success ? 'request' : 'not-jsonrpc';
    return notificationSchema.safeParse(v).success ? 'notification' : 'not-jsonrpc';
  }
  return responseSchema.safeParse(v).success ? 'response' : 'not-jsonrpc';
}

test('the fast path agrees with the zod schemas on valid and faulty envelopes', () => {
  const ids = [1, 'a', null, undefined, true, {}, 1.5];
  const methods = ['ping', 3, undefined];
  const params = [undefined, {}, [], null, 'x', { a: 1 }];
  const results = [undefined, {}, null, 5];
  const errors = [undefined, { code: -32601, message: 'm' }, { code: '1', message: 'm' }, { code: 1 }, null, { code: 1, message: 'm', data: [1] }];
  const versions = ['2.0', '1.0', undefined];
  let checked = 0;
  for (const jsonrpc of versions)
    for (const id of ids)
      for (const method of methods)
        for (const p of params)
          for (const result of results)
            for (const error of errors) {
              const v: Record<string, unknown> = {};
              if (jsonrpc !== undefined) v.jsonrpc = jsonrpc;
              if (id !== undefined) v.id = id;
              if (method !== undefined) v.method = method;
              if (p !== undefined) v.params = p;
              if (result !== undefined) v.result = result;
              if (error !== undefined) v.error = error;
              const text = JSON.stringify(v);
              const parsed = JSON.parse(text);
              assert.equal(classify(parsed).kind, bySchemas(parsed), text);
              checked++;
            }
  assert.ok(checked > 1000);
  for (const v of [[], 'x', 1, null, [{ jsonrpc: '2.0', method: 'a' }]]) assert.equal(classify(v).kind, 'not-jsonrpc');
});
