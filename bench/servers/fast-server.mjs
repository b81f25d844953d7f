// A minimal, fast legacy MCP server for the benchmarks: plain JSON lines on stdio, no SDK,
// so the numbers measure the clients, not the server. Tools:
//   echo {text}            → text content with the same text
//   flood {count}          → `count` notifications/message, then a result
//   big {bytes}            → one text content of that many bytes
// server/discover and other unknown methods get -32601 (a legacy server), so a dual-era
// client falls back to initialize.
import { Buffer } from 'node:buffer';

const out = process.stdout;
const send = (obj) => out.write(JSON.stringify(obj) + '\n');
const write = (text) => new Promise((resolve) => (out.write(text) ? resolve() : out.once('drain', resolve)));

const TOOLS = [
  { name: 'echo', description: 'Echoes text', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
  { name: 'flood', description: 'Sends count log notifications', inputSchema: { type: 'object', properties: { count: { type: 'number' } } } },
  { name: 'big', description: 'Returns a large text', inputSchema: { type: 'object', properties: { bytes: { type: 'number' } } } },
];

async function flood(id, count) {
  // Pre-serialise in batches so the server is never the bottleneck.
  const batch = 1000;
  for (let i = 0; i < count; i += batch) {
    let text = '';
    for (let j = i; j < Math.min(count, i + batch); j++) {
      text += `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"bench","data":"event ${j} of the flood"}}\n`;
    }
    await write(text);
  }
  send({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: `sent ${count}` }] } });
}

async function handle(msg) {
  const { id, method, params } = msg;
  if (id === undefined) return; // notifications need no answer
  switch (method) {
    case 'initialize':
      return send({
        jsonrpc: '2.0',
        id,
        result: { protocolVersion: params?.protocolVersion ?? '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'bench-fast', version: '1.0.0' } },
      });
    case 'ping':
      return send({ jsonrpc: '2.0', id, result: {} });
    case 'tools/list':
      return send({ jsonrpc: '2.0', id, result: { tools: TOOLS } });
    case 'tools/call': {
      const args = params?.arguments ?? {};
      if (params?.name === 'echo') return send({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: String(args.text ?? '') }] } });
      if (params?.name === 'flood') return flood(id, Number(args.count ?? 0));
      if (params?.name === 'big') {
        const text = Buffer.alloc(Number(args.bytes ?? 0), 'x').toString();
        return write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"${text}"}]}}\n`);
      }
      return send({ jsonrpc: '2.0', id, error: { code: -32602, message: `Unknown tool: ${params?.name}` } });
    }
    default:
      return send({ jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } });
  }
}

let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  let nl;
  while ((nl = pending.indexOf('\n')) !== -1) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    if (line.trim() === '') continue;
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      continue;
    }
    void handle(msg);
  }
});
process.stdin.on('end', () => process.exit(0));
