import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentFaults, requestedSchemaFault } from '../../../src/core/session/elicitationSchema';
import { samplingRequestFault } from '../../../src/core/session/sampling';
import { inputRequiredFault, MAX_REQUEST_STATE_BYTES } from '../../../src/core/session/inputRequired';
import { capabilityFor, declaredCapabilities, grants } from '../../../src/core/session/clientCapabilities';

const FORM = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 2 },
    plan: { type: 'string', oneOf: [{ const: 'free', title: 'Free' }, { const: 'pro', title: 'Pro' }] },
    seats: { type: 'integer', minimum: 1 },
    tags: { type: 'array', items: { enum: ['a', 'b'] } },
    ok: { type: 'boolean' },
  },
  required: ['name'],
};

test('the restricted elicitation schema: flat primitives, titled enums, multi-select; anything else is named', () => {
  assert.equal(requestedSchemaFault(FORM), undefined);
  assert.match(requestedSchemaFault(undefined)!, /missing or not an object/);
  assert.match(requestedSchemaFault({ type: 'array' })!, /not "object"/);
  assert.match(requestedSchemaFault({ type: 'object', properties: { a: { type: 'object' } } })!, /property "a" has type "object"/);
  assert.match(requestedSchemaFault({ type: 'object', properties: { a: { type: 'string', format: 'regex' } } })!, /format "regex"/);
  assert.match(requestedSchemaFault({ type: 'object', properties: {}, required: ['x'] })!, /required names a field/);
});

test('accepted content is checked against the form: required, types, enums, bounds, unknown fields', () => {
  assert.deepEqual(contentFaults(FORM, { name: 'Ada', plan: 'pro', seats: 2, tags: ['a'], ok: true }), []);
  assert.deepEqual(contentFaults(FORM, { plan: 'gold', seats: 0.5, tags: ['c'], ok: 'yes', extra: 1 }), [
    '"name" is required',
    '"plan" must be one of "free", "pro"',
    '"seats" must be a whole number',
    '"tags" must be a list of "a", "b"',
    '"ok" must be true or false',
    '"extra" is not a field of the form',
  ]);
  assert.deepEqual(contentFaults(FORM, { name: 'A' }), ['"name" needs at least 2 characters']);
});

test('sampling requests with unknown content types or roles are refused with the reason', () => {
  assert.equal(samplingRequestFault({ messages: [{ role: 'user', content: [{ type: 'text', text: 'x' }, { type: 'tool_result', toolUseId: '1', content: [] }] }] }), undefined);
  assert.match(samplingRequestFault({})!, /no "messages" array/);
  assert.match(samplingRequestFault({ messages: [{ role: 'system', content: { type: 'text', text: 'x' } }] })!, /role is "system"/);
  assert.match(samplingRequestFault({ messages: [{ role: 'user', content: { type: 'video' } }] })!, /unknown type "video"/);
});

test('InputRequiredResult faults: neither field, a non-object map, an unknown method, an oversize requestState', () => {
  assert.equal(inputRequiredFault({ resultType: 'input_required', requestState: 's' }), undefined);
  assert.match(inputRequiredFault({ resultType: 'input_required' })!, /neither inputRequests nor requestState/);
  assert.match(inputRequiredFault({ resultType: 'input_required', inputRequests: [] })!, /not an object/);
  assert.match(inputRequiredFault({ resultType: 'input_required', inputRequests: { k: { method: 'tools/list' } } })!, /"k".*"tools\/list"/);
  assert.match(inputRequiredFault({ resultType: 'input_required', requestState: 'x'.repeat(MAX_REQUEST_STATE_BYTES + 1) })!, /over the client's cap/);
});

test('capabilities: declared only for the answer paths given; listChanged only in 2025-11-25; an empty elicitation object means form', () => {
  const none = { elicitForm: false, elicitUrl: false, sample: false, sampleTools: false, roots: false };
  // The Skills extension is always declared (SEP-2133: negotiated by both sides).
  const extensions = { 'io.modelcontextprotocol/skills': {} };
  assert.deepEqual(declaredCapabilities(none, 'legacy'), { extensions });
  assert.deepEqual(declaredCapabilities({ ...none, roots: true, sample: true, sampleTools: true, elicitUrl: true }, 'modern'), {
    extensions,
    roots: {},
    sampling: { tools: {} },
    elicitation: { url: {} },
  });
  assert.equal(capabilityFor('elicitation/create', { mode: 'url' }), 'elicitation.url');
  assert.equal(capabilityFor('elicitation/create', {}), 'elicitation.form');
  assert.equal(capabilityFor('sampling/createMessage', { tools: [] }), 'sampling.tools');
  assert.equal(grants({ elicitation: {} }, 'elicitation.form'), true);
  assert.equal(grants({ elicitation: {} }, 'elicitation.url'), false);
  assert.equal(grants({ sampling: {} }, 'sampling.tools'), false);
});
