import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import Ajv, { type AnySchema } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { surelyValidNotification } from '../../../src/core/schema/knownShapes';
import { SHIPPED_VERSIONS, validateMessage } from '../../../src/core/schema/officialSchema';

/** The official definition, compiled here on its own: the reference the fast path must agree with. */
function reference(version: string, definition: string): (msg: unknown) => boolean {
  const schema = JSON.parse(readFileSync(new URL(`../../../src/core/schema/official/${version}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
  const options = { strict: false, logger: false as const };
  const ajv = String(schema.$schema).includes('2020-12') ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  ajv.addSchema(schema as AnySchema, 'ref');
  const defs = '$defs' in schema ? '$defs' : 'definitions';
  const validate = ajv.compile({ allOf: [{ $ref: `ref#/${defs}/JSONRPCNotification` }, { $ref: `ref#/${defs}/${definition}` }] });
  return (msg) => validate(msg) as boolean;
}

const log = (params: unknown) => ({ jsonrpc: '2.0', method: 'notifications/message', params });
const progress = (params: unknown) => ({ jsonrpc: '2.0', method: 'notifications/progress', params });

/** Shapes servers send every day: the fast path must take them. */
const ORDINARY = [
  log({ level: 'info', logger: 'bench', data: 'event 1 of the flood' }),
  log({ level: 'emergency', data: { nested: [1, 2] } }),
  log({ level: 'debug', data: null }),
  log({ level: 'warning', data: 0, extra: true }),
  progress({ progressToken: 1, progress: 5 }),
  progress({ progressToken: 'abc', progress: 0.5, total: 1, message: 'half way' }),
];

/** Faults and rarities: whatever the fast path says, it must never call an invalid one valid. */
const ODD = [
  log({ level: 'verbose', data: 'x' }),
  log({ level: 'INFO', data: 'x' }),
  log({ level: 'toString', data: 'x' }),
  log({ level: 'info' }),
  log({ data: 'x' }),
  log({ level: 1, data: 'x' }),
  log({ level: 'info', data: 'x', logger: 5 }),
  log({ level: 'info', data: 'x', logger: null }),
  log({ level: 'info', data: 'x', _meta: {} }),
  log({ level: 'info', data: 'x', _meta: { 'not a valid key!': 1 } }),
  log({ level: 'info', data: 'x', _meta: 'x' }),
  log([]),
  log(null),
  log('info'),
  log(undefined),
  { jsonrpc: '1.0', method: 'notifications/message', params: { level: 'info', data: 'x' } },
  { jsonrpc: 2, method: 'notifications/message', params: { level: 'info', data: 'x' } },
  { method: 'notifications/message', params: { level: 'info', data: 'x' } },
  progress({ progressToken: 1.5, progress: 1 }),
  progress({ progressToken: null, progress: 1 }),
  progress({ progressToken: true, progress: 1 }),
  progress({ progress: 1 }),
  progress({ progressToken: 1 }),
  progress({ progressToken: 1, progress: '1' }),
  progress({ progressToken: 1, progress: 1, total: '2' }),
  progress({ progressToken: 1, progress: 1, total: null }),
  progress({ progressToken: 1, progress: 1, message: 5 }),
  progress({ progressToken: 1, progress: 1, _meta: { a: 1 } }),
  progress([]),
  progress(null),
];

test('the fast path never calls valid what the official schema refuses, in any shipped version', () => {
  for (const version of SHIPPED_VERSIONS) {
    const schemas = { 'notifications/message': reference(version, 'LoggingMessageNotification'), 'notifications/progress': reference(version, 'ProgressNotification') };
    for (const msg of [...ORDINARY, ...ODD]) {
      const valid = schemas[msg.method as keyof typeof schemas](msg);
      const label = `${version} ${JSON.stringify(msg)}`;
      if (surelyValidNotification(msg) !== undefined) assert.equal(valid, true, label);
      // validateMessage (fast path, then the validator) says what the schema says, errors and all.
      const outcome = validateMessage(msg, 's2c', version);
      assert.equal(outcome.valid, valid, label);
      if (!valid) assert.ok(outcome.errors.length > 0, label);
    }
  }
});

test('the usual log and progress notifications take the fast path', () => {
  for (const msg of ORDINARY) {
    assert.equal(surelyValidNotification(msg), msg.method, JSON.stringify(msg));
    for (const version of SHIPPED_VERSIONS) assert.equal(validateMessage(msg, 's2c', version).valid, true, `${version} ${JSON.stringify(msg)}`);
  }
  // Only notifications of those methods: a request with the same params is the validator's.
  assert.equal(surelyValidNotification({ ...ORDINARY[0]!, id: 1 }), undefined);
  assert.equal(surelyValidNotification({ ...ORDINARY[0]!, method: 'notifications/other' }), undefined);
  const request = validateMessage({ ...ORDINARY[0]!, id: 1 }, 's2c', '2025-06-18');
  assert.deepEqual([request.valid, request.definition], [true, 'LoggingMessageNotification']);
});

test('an odd notification gets the same outcome, errors included, as before the fast path', () => {
  const outcome = validateMessage(log({ level: 'verbose', data: 'x' }), 's2c', '2025-06-18');
  assert.equal(outcome.valid, false);
  assert.equal(outcome.definition, 'LoggingMessageNotification');
  assert.match(outcome.errors[0]!.message, /must be equal to one of the allowed values/);
  const ok = validateMessage(ORDINARY[0], 's2c', '2026-07-28');
  assert.deepEqual(ok, { valid: true, errors: [], definition: 'LoggingMessageNotification', version: '2026-07-28' });
});
