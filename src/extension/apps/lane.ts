/** How one app ⇄ host message reads in the Messages view: its method, or the id it answers. */
export function laneLabel(message: unknown): string {
  if (!message || typeof message !== 'object') return 'app: not a JSON-RPC message';
  const m = message as { method?: unknown; id?: unknown; error?: unknown; params?: { name?: unknown } };
  const id = m.id !== undefined ? ` #${JSON.stringify(m.id)}` : '';
  if (typeof m.method === 'string')
    return `${m.method}${m.method === 'tools/call' && typeof m.params?.name === 'string' ? ` ${m.params.name}` : ''}${id}`;
  if (m.id !== undefined) return `${m.error !== undefined ? 'error' : 'result'}${id}`;
  return 'app: not a JSON-RPC message';
}

/** The method the app frame's CSP reporter (injected by the sandbox proxy) posts; never sent to the bridge. */
export const CSP_VIOLATION_METHOD = 'x-mcp-lens/csp-violation';
