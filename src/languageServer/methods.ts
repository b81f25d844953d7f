/** One line on what an MCP method is for, to explain a message kind in a hover. */
const METHODS: Record<string, string> = {
  initialize:
    'Legacy handshake (2025-11-25 and earlier): "MUST be the first interaction"; the result\'s capabilities bind the whole connection.',
  'notifications/initialized': 'Legacy handshake: the client "MUST send" it after the initialize result, before operation.',
  'server/discover':
    '2026-07-28: returns supported versions, capabilities, instructions, `ttlMs`, `cacheScope`. A dual-era client probes with it first.',
  ping: 'Liveness check; answered with an empty result (removed in 2026-07-28).',
  'tools/list': "Lists the server's tools (paginated with `nextCursor`; an empty string is a valid cursor). Needs the `tools` capability.",
  'tools/call':
    'Runs one tool. A tool failure comes back as a result with `isError: true`; a JSON-RPC error means the call itself was rejected.',
  'resources/list': 'Lists resources (paginated). Needs the `resources` capability.',
  'resources/templates/list': 'Lists resource templates (paginated). Needs the `resources` capability.',
  'resources/read': 'Reads one resource by URI; an unknown URI is -32602 (legacy servers: -32002).',
  'prompts/list': 'Lists prompts (paginated). Needs the `prompts` capability.',
  'prompts/get': 'Renders one prompt with its arguments.',
  'completion/complete': 'Argument completion. Needs the `completions` capability.',
  'logging/setLevel': "Sets the server's log level (legacy; 2026-07-28 uses `_meta` logLevel).",
  'subscriptions/listen': '2026-07-28: opens a subscription stream; replaces resources/subscribe.',
  'notifications/cancelled': 'Cancels a request by `requestId`; the server "MUST NOT send any further messages for it".',
  'notifications/progress':
    'Progress for a request that sent `_meta.progressToken`; `progress` "MUST increase" and notifications "MUST stop after completion".',
  'notifications/message': 'A log message from the server (logging capability).',
  'sampling/createMessage': "Server→client request: asks the host's model for a completion (legacy).",
  'elicitation/create': 'Server→client request: asks the user for input (legacy).',
  'roots/list': "Server→client request: asks for the client's roots (legacy).",
};

export function describeMethod(method: string): string | undefined {
  if (METHODS[method]) return METHODS[method];
  if (/^notifications\/\w+\/list_changed$/.test(method)) return "The server's list changed; the client may list it again.";
  return undefined;
}
