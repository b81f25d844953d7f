import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classify, messageKind, notificationSchema, requestSchema, responseSchema } from '../../../src/core/wire/message';
import { jsonEvent, parseJson, NOT_JSON, tryParse } from '../../../src/core/wire/lineEvent';

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
              // messageKind/jsonEvent (no object per line): the same answer, the same event.
              const kind = bySchemas(parsed);
              assert.equal(messageKind(parsed), kind === 'not-jsonrpc' ? undefined : kind, text);
              const event = kind === 'not-jsonrpc' ? { dir: 's2c', raw: text, kind, json: parsed } : { dir: 's2c', raw: text, kind, msg: parsed };
              assert.deepEqual(jsonEvent('s2c', text, parsed), event, text);
              assert.deepEqual(Object.keys(jsonEvent('s2c', text, parsed)), Object.keys(event), text);
              checked++;
            }
  assert.ok(checked > 1000);
  for (const v of [[], 'x', 1, null, [{ jsonrpc: '2.0', method: 'a' }]]) assert.equal(classify(v).kind, 'not-jsonrpc');
});

test('parseJson is JSON.parse with NOT_JSON for text that is not JSON; tryParse says the same', () => {
  for (const text of ['{"a":1}', '[1,2]', '"s"', '0', 'null', 'true', '{', '', 'banner', '{"a":1} tail', '\uFEFF{}']) {
    let expected: unknown = NOT_JSON;
    try {
      expected = JSON.parse(text);
    } catch {
      // not JSON
    }
    assert.deepEqual(parseJson(text), expected, text);
    assert.deepEqual(tryParse(text), expected === NOT_JSON ? { ok: false } : { ok: true, value: expected }, text);
  }
  // Values that are not JSON-RPC messages are never messages, however they came.
  for (const v of [null, 0, 'x', [], [{ jsonrpc: '2.0', method: 'm' }], NOT_JSON]) assert.equal(messageKind(v), undefined);
});
