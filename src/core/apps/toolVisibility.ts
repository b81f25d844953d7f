/**
 * MCP Apps tool visibility (`_meta.ui.visibility`, ext-apps spec 2026-01-26): who may call a
 * tool, `"model"` (the agent) and/or `"app"` (its UI); absent means both. A tool whose list
 * leaves out "model" is hidden from the agent's tool list: only its app calls it.
 */
export function isAppOnly(tool: Record<string, unknown>): boolean {
  const meta = tool._meta;
  const ui = typeof meta === 'object' && meta !== null ? (meta as { ui?: unknown }).ui : undefined;
  const visibility = typeof ui === 'object' && ui !== null ? (ui as { visibility?: unknown }).visibility : undefined;
  return Array.isArray(visibility) && !visibility.includes('model');
}

/** The tools a model is offered: every tool but the app-only ones. */
export function modelTools<T extends Record<string, unknown>>(tools: readonly T[]): T[] {
  return tools.filter((tool) => !isAppOnly(tool));
}
