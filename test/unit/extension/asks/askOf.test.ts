import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { elicitationAsk, samplingAsk } from '../../../../src/extension/asks/askOf';

test('a form elicitation: its message and a form model of the requestedSchema, enum titles as labels', () => {
  const ask = elicitationAsk(1, 'srv', {
    message: 'Pick',
    requestedSchema: { type: 'object', properties: { size: { type: 'string', oneOf: [{ const: 's', title: 'Small' }, { const: 'l', title: 'Large' }], default: 'l' } }, required: ['size'] },
  });
  assert.equal(ask.kind, 'form');
  if (ask.kind !== 'form') return;
  assert.equal(ask.message, 'Pick');
  assert.equal(ask.model.root.kind, 'object');
  const field = ask.model.root.kind === 'object' ? ask.model.root.fields[0] : undefined;
  assert.equal(field?.kind, 'enum');
  assert.deepEqual(field?.kind === 'enum' ? field.options.map((o) => o.label) : [], ['Small', 'Large']);
});

test('a URL elicitation: the full URL and its domain (host with port)', () => {
  const ask = elicitationAsk(2, 'srv', { mode: 'url', message: 'Sign in', url: 'https://login.example.com:8443/a?b=c', elicitationId: 'e' });
  assert.deepEqual(ask, { kind: 'url', id: 2, server: 'srv', message: 'Sign in', url: 'https://login.example.com:8443/a?b=c', domain: 'login.example.com:8443' });
});

test('a sampling request: system prompt, messages as text (non-text blocks described), preferences, tools', () => {
  const ask = samplingAsk(3, 'srv', {
    systemPrompt: 'Be brief.',
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'Hi' }, { type: 'image', data: 'AA==', mimeType: 'image/png' }] },
      { role: 'assistant', content: { type: 'tool_use', id: 't1', name: 'add', input: { a: 1 } } },
    ],
    modelPreferences: { intelligencePriority: 1 },
    tools: [{ name: 'add', description: 'Adds', inputSchema: { type: 'object' } }],
    maxTokens: 9,
  }, 'Some Model');
  assert.deepEqual(ask, {
    kind: 'sample',
    id: 3,
    server: 'srv',
    modelName: 'Some Model',
    request: {
      systemPrompt: 'Be brief.',
      messages: [
        { role: 'user', blocks: ['Hi', '[image image/png]'] },
        { role: 'assistant', blocks: ['[tool_use] {"type":"tool_use","id":"t1","name":"add","input":{"a":1}}'] },
      ],
      preferences: '{"intelligencePriority":1}',
      tools: [{ name: 'add', description: 'Adds' }],
      maxTokens: 9,
    },
  });
});
