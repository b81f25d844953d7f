/**
 * Lists the tools of a real MCP server over stdio with a minimal JSON-RPC exchange
 * (initialize → notifications/initialized → tools/list, following nextCursor), for the
 * form-model corpus tests. Waits on the server's replies with a deadline, never a sleep.
 */
import { spawn } from 'node:child_process';

export interface ListedTool {
  name: string;
  inputSchema: Record<string, unknown>;
  [key: string]: unknown;
}

export async function listTools(command: string, args: string[], deadlineMs = 30_000): Promise<ListedTool[]> {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  child.stderr.on('data', (d: Buffer) => stderr.push(d.toString()));
  const waiting = new Map<number, (msg: Record<string, unknown>) => void>();
  let buffer = '';
  child.stdout.on('data', (d: Buffer) => {
    buffer += d.toString();
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      let msg: Record<string, unknown>;
      try {
        msg = JSON.parse(line) as Record<string, unknown>;
      } catch {
        continue;
      }
      if (typeof msg.id === 'number' && waiting.has(msg.id)) waiting.get(msg.id)!(msg);
    }
  });
  const exited = new Promise<never>((_, reject) =>
    child.on('exit', (code) => reject(new Error(`${command} exited (${code}) before answering: ${stderr.join('')}`))),
  );
  const failedToStart = new Promise<never>((_, reject) => child.on('error', reject));
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${command} did not answer within ${deadlineMs} ms: ${stderr.join('')}`)), deadlineMs);
  });
  let nextId = 1;
  const request = (method: string, params: Record<string, unknown>) => {
    const id = nextId++;
    const reply = new Promise<Record<string, unknown>>((resolve) => waiting.set(id, resolve));
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return Promise.race([reply, exited, failedToStart, deadline]).then((msg) => {
      if (msg.error) throw new Error(`${method} failed: ${JSON.stringify(msg.error)}`);
      return msg.result as Record<string, unknown>;
    });
  };
  try {
    await request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'mcp-lens-tests', version: '0.0.0' },
    });
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    const tools: ListedTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await request('tools/list', cursor === undefined ? {} : { cursor });
      tools.push(...(page.tools as ListedTool[]));
      cursor = typeof page.nextCursor === 'string' ? page.nextCursor : undefined;
    } while (cursor !== undefined);
    return tools;
  } finally {
    clearTimeout(timer);
    exited.catch(() => {});
    child.stdin.end();
    child.kill();
  }
}
