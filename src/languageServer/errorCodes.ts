/** What an error code means, in the words of the spec, and what a server author should check. */
export interface ErrorCodeInfo {
  name: string;
  meaning: string;
  check: string;
}

// JSON-RPC 2.0 codes, and the MCP ones from basic/index "Error codes" (2026-07-28).
export const ERROR_CODES: ReadonlyMap<number, ErrorCodeInfo> = new Map([
  [
    -32700,
    {
      name: 'Parse error',
      meaning: 'The receiver could not parse the line as JSON.',
      check:
        'Every message must be one line of valid UTF-8 JSON ("Messages are delimited by newlines, and MUST NOT contain embedded newlines").',
    },
  ],
  [
    -32600,
    {
      name: 'Invalid Request',
      meaning: 'The JSON is not a valid JSON-RPC 2.0 request object.',
      check: 'Check `"jsonrpc": "2.0"`, a string `method`, and an `id` that is a string or integer, never null.',
    },
  ],
  [
    -32601,
    {
      name: 'Method not found',
      meaning: 'The server has no handler for this method.',
      check:
        'A server must declare the capability behind a method (`tools`, `resources`, `prompts`…) and register its handlers before it answers `initialize` / `server/discover`.',
    },
  ],
  [
    -32602,
    {
      name: 'Invalid params',
      meaning:
        'The method exists but its params were rejected: bad tool arguments, an unknown tool or resource, an invalid cursor, or (2026-07-28) a request without the required `_meta`.',
      check:
        'Compare the params with the tool\'s `inputSchema`; modern requests need `_meta["io.modelcontextprotocol/protocolVersion"]` and `clientCapabilities`.',
    },
  ],
  [
    -32603,
    {
      name: 'Internal error',
      meaning: 'The server failed while handling the request.',
      check:
        'A tool that ran and failed should return a result with `isError: true` (it goes to the model), not a JSON-RPC error (it goes to the client code).',
    },
  ],
  [
    -32002,
    {
      name: 'Resource not found (legacy)',
      meaning: 'Used up to 2025-11-25 for an unknown resource URI.',
      check: '2026-07-28 servers "MUST NOT emit" -32002 and "MUST return -32602" instead; clients "SHOULD still accept -32002".',
    },
  ],
  [
    -32020,
    {
      name: 'Header mismatch',
      meaning: 'Streamable HTTP: a header disagrees with the message body.',
      check: 'stdio has no header layer, so a stdio server should never send it.',
    },
  ],
  [
    -32021,
    {
      name: 'Missing required client capability',
      meaning: 'The request needs a client capability the client did not declare; `data.requiredCapabilities` names it.',
      check:
        'Declare the capability in `_meta["io.modelcontextprotocol/clientCapabilities"]` (or the initialize request), or avoid the feature.',
    },
  ],
  [
    -32022,
    {
      name: 'Unsupported protocol version',
      meaning: 'The server does not speak the requested protocol version; `data.supported` lists the versions it does.',
      check:
        'The client "SHOULD select a mutually supported version from the `supported` list and retry". A recognised modern error: do not fall back to `initialize`.',
    },
  ],
]);

/** The JSON-RPC / MCP range a code belongs to, for codes without an entry above. */
export function codeRange(code: number): string {
  if (code >= -32099 && code <= -32020) return 'reserved for the MCP specification (-32020 … -32099)';
  if (code >= -32019 && code <= -32000)
    return 'legacy implementation-defined range (-32000 … -32019): "receivers MUST NOT assume any specific meaning"';
  if (code >= -32768 && code <= -32000) return 'reserved by JSON-RPC 2.0';
  return 'application-defined';
}

export const IS_ERROR_TEXT =
  '`isError: true` — the tool ran and failed. This result is for the model (it can read the message and try again), not for the client code; it is not a protocol error.';
