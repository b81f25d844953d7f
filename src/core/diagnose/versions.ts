/** The `_meta` keys every modern (2026-07-28+) request carries (basic/index, "Required `_meta`"). */
export const MODERN_META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
} as const;

/** The first version without the initialize handshake. */
export const FIRST_MODERN_VERSION = '2026-07-28';

/** Legacy versions (initialize handshake) a client of ours can speak. */
export const LEGACY_VERSIONS: readonly string[] = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];

/** Versions are dates, so string order is time order. */
export function isModernVersion(version: string): boolean {
  // The comparison first: it settles every legacy version without the regex (run per message).
  return version >= FIRST_MODERN_VERSION && /^\d{4}-\d{2}-\d{2}$/.test(version);
}
