#!/usr/bin/env node
// A legacy MCP server (2025-06-18 handshake) whose tool description and results carry HTML
// and script text, plus an image, an audio clip and a resource link. A client that inserts
// server text as HTML would run `alert(…)`; the tool panel must render all of it as text.
import { createInterface } from 'node:readline';

// A 16×16 PNG in four colours, and 0.1 s of a 440 Hz tone as 8 kHz 16-bit WAV.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAJElEQVR4nGN45maDFdmsisKKGEY10ESDUd4drOgDDjCqgSYaAJ6LvRBHjCn0AAAAAElFTkSuQmCC';
const WAV = (() => {
  const samples = 800;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(8000, 24);
  wav.writeUInt32LE(16000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(8000 * Math.sin((i * 2 * Math.PI * 440) / 8000)), 44 + i * 2);
  return wav.toString('base64');
})();

const tools = [
  {
    name: 'render_markup',
    title: 'Render <b>markup</b>',
    description: '<img src=x onerror=alert(1)> Shows what a client does with HTML in tool text.',
    inputSchema: {
      type: 'object',
      properties: {
        snippets: { type: 'array', items: { type: 'string' }, description: '<script>alert(3)</script> snippets to echo back' },
      },
    },
  },
  {
    name: 'lookup_order',
    description: 'Finds an order by id (ORD-123). A malformed id is rejected with JSON-RPC -32602.',
    inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  },
  {
    name: 'list_orders',
    description: 'Lists orders, by status if one is given; archived ones only when asked.',
    inputSchema: {
      type: 'object',
      properties: { status: { enum: ['open', 'shipped'] }, archived: { type: 'boolean', default: false, description: 'archived ones only' } },
    },
  },
  {
    name: 'slow_export',
    description: 'Exports every order slowly, reporting progress; stops when cancelled.',
    inputSchema: { type: 'object', properties: {} },
  },
];

// Running slow_export calls by request id, so that notifications/cancelled can stop them.
// A step a second (50 s in all): the e2e test clicks Cancel while it runs, and on a loaded
// machine its screenshot and click took longer than the 10 s that 200 ms steps gave.
const exports = new Map();

function slowExport(id, progressToken) {
  let step = 0;
  const total = 50;
  exports.set(id, setInterval(() => {
    step += 1;
    if (progressToken !== undefined) send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken, progress: step, total, message: `order ${step} of ${total}` } });
    if (step < total) return;
    clearInterval(exports.get(id));
    exports.delete(id);
    send({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: `Exported ${total} orders.` }] } });
  }, 1000));
}

function call(name, args) {
  if (name === 'render_markup') {
    const snippets = args.snippets ?? [];
    return {
      content: [
        { type: 'text', text: `<script>alert(2)</script> echoed ${snippets.length} snippet(s): ${snippets.join(' | ')}` },
        { type: 'image', data: PNG, mimeType: 'image/png' },
        { type: 'audio', data: WAV, mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'file:///orders/ORD-123.json', name: '<i>ORD-123</i>', description: 'The order as JSON', mimeType: 'application/json' },
      ],
    };
  }
  if (name === 'list_orders') return { content: [{ type: 'text', text: `Listed orders with ${JSON.stringify(args)}.` }] };
  if (!/^ORD-\d+$/.test(args.id ?? '')) {
    const error = new Error(`Invalid params: order id must look like ORD-123, got "${args.id}"`);
    error.code = -32602;
    error.data = { field: 'id', expected: 'ORD-<digits>' };
    throw error;
  }
  return { content: [{ type: 'text', text: `Order ${args.id}: 2 items, shipped.` }] };
}

const send = (m) => process.stdout.write(JSON.stringify(m) + '\n');
createInterface({ input: process.stdin })
  .on('line', (line) => {
    const msg = JSON.parse(line);
    if (msg.method === 'notifications/cancelled') {
      // "The receiver SHOULD stop processing the cancelled request" and send no response.
      clearInterval(exports.get(msg.params?.requestId));
      exports.delete(msg.params?.requestId);
      return;
    }
    if (msg.id === undefined || !msg.method) return;
    if (msg.method === 'tools/call' && msg.params?.name === 'slow_export') return slowExport(msg.id, msg.params._meta?.progressToken);
    try {
      if (msg.method === 'initialize') {
        send({ jsonrpc: '2.0', id: msg.id, result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'markup', version: '1.0.0' } } });
      } else if (msg.method === 'tools/list') send({ jsonrpc: '2.0', id: msg.id, result: { tools } });
      else if (msg.method === 'tools/call') send({ jsonrpc: '2.0', id: msg.id, result: call(msg.params.name, msg.params.arguments ?? {}) });
      else send({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: `Method not found: ${msg.method}` } });
    } catch (error) {
      send({ jsonrpc: '2.0', id: msg.id, error: { code: error.code ?? -32603, message: error.message, data: error.data } });
    }
  })
  .on('close', () => process.exit(0));
