/** Protocol constants of both eras (shared/mcp-spec/NOTES.md). */

/** The modern revisions this client speaks, preferred first. */
export const MODERN_VERSIONS = ['2026-07-28'] as const;
/** The legacy revisions this client speaks, newest first; the first is offered in `initialize`. */
export const LEGACY_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

/** HeaderMismatch (Streamable HTTP): the request headers do not match the body. */
export const HEADER_MISMATCH = -32020;

/** UnsupportedProtocolVersionError: `data: {supported: [...], requested}`. */
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** "clients MUST treat an absent resultType as complete"; any value not listed is invalid. */
export const KNOWN_RESULT_TYPES = new Set(['complete', 'input_required']);

export type ListMethod = 'tools/list' | 'resources/list' | 'resources/templates/list' | 'prompts/list';

/** Where each paginated list keeps its items. */
export const LIST_ITEMS_KEY: Record<ListMethod, string> = {
  'tools/list': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
  'prompts/list': 'prompts',
};
