/**
 * What a recorder may be handed, in the order the relay saw it: every shape of line the
 * trace format distinguishes, cut into chunks at awkward places (inside a multi-byte
 * character, between \r and \n, inside an escape), the three streams interleaved.
 * Shared by the trace-bytes tests; the stamps are fixed so the trace is too.
 */
export type Step =
  | { type: 'chunk'; dir: 'c2s' | 's2c' | 'stderr'; t: number; chunk: Buffer }
  | { type: 'end'; dir: 'c2s' | 's2c' | 'stderr'; t: number }
  | { type: 'meta'; kind: 'spawned' | 'stdin-closed' | 'note' | 'exited'; t: number; raw: string; info?: Record<string, unknown> };

const lines = (...texts: string[]) => Buffer.from(texts.map((t) => t + '\n').join(''), 'utf8');

/** Cuts `bytes` at the given offsets (each a chunk boundary). */
function cut(bytes: Buffer, at: number[]): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (const to of [...at.sort((a, b) => a - b), bytes.length]) {
    parts.push(bytes.subarray(from, to));
    from = to;
  }
  return parts.filter((p) => p.length > 0);
}

export function variedSteps(): Step[] {
  let t = 1_767_225_600_000.25;
  const steps: Step[] = [];
  const chunk = (dir: 'c2s' | 's2c' | 'stderr', bytes: Buffer) => steps.push({ type: 'chunk', dir, t: (t += 1.5), chunk: Buffer.from(bytes) });
  steps.push({ type: 'meta', kind: 'spawned', t, raw: 'spawned pid 42: node server.mjs', info: { pid: 42, command: 'node', args: ['server.mjs'], cwd: '/tmp' } });
  chunk('c2s', lines('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"h","version":"1"}}}'));
  // Escapes a trace must keep: quotes, backslashes, control characters, \u2028, a lone surrogate escape, a tab.
  const escapes = lines(
    '{"jsonrpc":"2.0","id":1,"result":{"s":"quote \\" back \\\\ nl \\n tab \\t u2028 \u2028 esc \\u001b del \u007f sur \\ud800 emoji 😀 é"}}',
    '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"tab\there"}}',
    '{"jsonrpc":"2.0",\t"method":"tab outside strings",\r"params":{"x":\t1, "s":"\\/ \\b \\f \\u0007"}}',
    '  {"jsonrpc":"2.0","method":"notifications/message","params":{"data":[1,2.5e3,-0,true,null]}}  ',
    '{"jsonrpc":"2.0","id":"x","method":"sampling/createMessage","params":{"a":{"b":{"c":[]}}}}',
    '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"bad"}}',
    '{"jsonrpc":"2.0","id":2,"result":{},"error":{"code":1,"message":"both"}}',
    '{"jsonrpc":"1.0","id":3,"result":{}}',
    '{"id":4,"method":"no version"}',
    '[{"jsonrpc":"2.0","method":"batch"}]',
    '"just a string"',
    '42',
    '',
    '   ',
    'Server started on port 3000',
    '{"jsonrpc":"2.0","method":"a"}{"jsonrpc":"2.0","method":"b"}',
    'log: {"jsonrpc":"2.0","method":"c"}',
    '{"jsonrpc":"2.0","method":"dup","method":"dup2","params":{}}',
    '{"jsonrpc":"2.0","method":"proto","params":{"__proto__":{"x":1}}}',
    '\ufeff{"jsonrpc":"2.0","method":"bom"}',
    '{"jsonrpc":"2.0","method":"trailing"',
    '{"jsonrpc":"2.0","method":"after"}',
  );
  // Cut inside 😀 (4 bytes), inside é, and inside an escape.
  const emoji = escapes.indexOf(Buffer.from('😀'));
  const e = escapes.indexOf(Buffer.from('é'));
  for (const part of cut(escapes, [5, emoji + 1, emoji + 3, e + 1, escapes.indexOf(Buffer.from('\\\\')) + 1, 400, 401])) chunk('s2c', part);
  chunk('stderr', Buffer.from('warn: starting\r\nhalf a log '));
  // A pretty-printed message over several lines, and one that never closes properly.
  const pretty = lines('{', '  "jsonrpc": "2.0",', '  "method": "notifications/progress",', '  "params": {"progress": 1}', '}');
  for (const part of cut(pretty, [3, 20])) chunk('s2c', part);
  chunk('stderr', Buffer.from('line\nstill é'.normalize(), 'utf8').subarray(0, -1));
  chunk('stderr', Buffer.from([0xa9, 0x0a]));
  // CRLF lines, the \r and \n in different chunks.
  const crlf = Buffer.from('{"jsonrpc":"2.0","method":"crlf1"}\r\n{"jsonrpc":"2.0","id":5,"result":{"crlf":true}}\r\nnot json\r\n', 'utf8');
  for (const part of cut(crlf, [crlf.indexOf(13) + 1])) chunk('s2c', part);
  // Invalid UTF-8: a bad byte in a message, an overlong form, a truncated sequence at a chunk end.
  chunk('s2c', Buffer.concat([Buffer.from('{"jsonrpc":"2.0","method":"bad","params":{"d":"'), Buffer.from([0xff, 0xc0, 0xaf]), Buffer.from('"}}\n')]));
  chunk('c2s', Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":6,"method":"ping"}\n{"x":"'), Buffer.from([0xe2, 0x82])]));
  chunk('c2s', Buffer.from('"}\n'));
  chunk('c2s', Buffer.concat([Buffer.from('{"jsonrpc":"2.0","method":"bad\r'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}\r\n')]));
  // Many small messages in one chunk, as in a flood, split mid-line.
  let flood = '';
  for (let i = 0; i < 300; i++) flood += `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"f","data":"event ${i} «ü»"}}\n`;
  const floodBytes = Buffer.from(flood, 'utf8');
  for (let at = 0; at < floodBytes.length; at += 4093) chunk('s2c', floodBytes.subarray(at, at + 4093));
  // Lines longer than the trace writer's block (1 MiB), message and stray, one split across many chunks.
  const big = Buffer.from(`{"jsonrpc":"2.0","id":7,"result":{"text":"${'é\\"x'.repeat(400_000)}"}}\n`, 'utf8');
  for (let at = 0; at < big.length; at += 65_536) chunk('s2c', big.subarray(at, at + 65_536));
  chunk('stderr', Buffer.from('y'.repeat(1_500_000) + '\n'));
  chunk('c2s', Buffer.from(`{"jsonrpc":"2.0","method":"big","params":{"s":"${'\\u0000'.repeat(200_000)}"}}\n`));
  steps.push({ type: 'meta', kind: 'stdin-closed', t: (t += 1), raw: 'host closed stdin' });
  steps.push({ type: 'end', dir: 'c2s', t: (t += 1) });
  steps.push({ type: 'meta', kind: 'note', t: (t += 1), raw: 'shutting down the server: host closed stdin', info: { reason: 'host closed stdin' } });
  // The server exits mid-line on both streams.
  chunk('s2c', Buffer.from('{"jsonrpc":"2.0","id":8,"result":{"cut":"é'));
  chunk('stderr', Buffer.from('dying'));
  steps.push({ type: 'end', dir: 'stderr', t: (t += 1) });
  steps.push({ type: 'end', dir: 's2c', t: (t += 1) });
  steps.push({ type: 'meta', kind: 'exited', t: (t += 1), raw: 'server exited (code 1)', info: { code: 1, signal: null } });
  return steps;
}
