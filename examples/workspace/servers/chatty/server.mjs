#!/usr/bin/env node
// A server that misbehaves ON PURPOSE, to show what MCP Lens diagnoses. Each defect is a
// mistake real servers make; the comment before it names the MCP Lens rule that catches it.
import { createInterface } from 'node:readline';

// stray-stdout: a banner on stdout. stdout is the protocol; logs belong on stderr.
console.log('Server ready');

const tools = [
  {
    name: 'echo',
    description: 'Echoes the text back.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
  {
    name: 'divide',
    description: 'Divides a by b.',
    inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  },
];

function handle(method, params = {}) {
  switch (method) {
    case 'initialize':
      // capability-not-declared: capabilities {} although tools/list is answered below
      // (tools registered after the capabilities were computed).
      return { protocolVersion: params.protocolVersion ?? '2025-06-18', capabilities: {}, serverInfo: { name: 'chatty', version: '0.0.1' } };
    case 'tools/list':
      return { tools };
    case 'tools/call':
      if (params.name === 'echo') {
        // stray-stdout again, from inside a tool: a debugging console.log left behind.
        console.log(`echo called with ${JSON.stringify(params.arguments)}`);
        return { content: [{ type: 'text', text: String(params.arguments?.text ?? '') }] };
      }
      if (params.name === 'divide') {
        const { a, b } = params.arguments ?? {};
        // domain-error-as-protocol-error: a tool failure sent as a JSON-RPC error instead of
        // a result with isError: true, so the model never sees it.
        if (b === 0) throw Object.assign(new Error('Division by zero'), { code: -32603 });
        return { content: [{ type: 'text', text: String(a / b) }] };
      }
      throw Object.assign(new Error(`Unknown tool ${params.name}`), { code: -32602 });
    case 'ping':
      return {};
    default:
      // No `server/discover`: this is a legacy-only server (the client falls back to initialize).
      throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
  }
}

const input = createInterface({ input: process.stdin, crlfDelay: Infinity });
input.on('line', (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined || typeof message.method !== 'string') return;
  let reply;
  try {
    reply = { jsonrpc: '2.0', id: message.id, result: handle(message.method, message.params) };
  } catch (error) {
    reply = { jsonrpc: '2.0', id: message.id, error: { code: error.code ?? -32603, message: error.message } };
  }
  process.stdout.write(JSON.stringify(reply) + '\n');
});
input.on('close', () => process.exit(0));
process.stderr.write('chatty: listening on stdio\n');
