/**
 * Which server capability a method belongs to (2025-11-25 schema, ServerCapabilities).
 * `sub` names a flag inside it (resources.subscribe).
 */
export function capabilityFor(method: string): { name: string; sub?: string } | undefined {
  if (method === 'resources/subscribe' || method === 'resources/unsubscribe') return { name: 'resources', sub: 'subscribe' };
  if (method.startsWith('tools/')) return { name: 'tools' };
  if (method.startsWith('resources/')) return { name: 'resources' };
  if (method.startsWith('prompts/')) return { name: 'prompts' };
  if (method === 'completion/complete') return { name: 'completions' };
  if (method === 'logging/setLevel') return { name: 'logging' };
  if (method.startsWith('tasks/')) return { name: 'tasks' };
  return undefined;
}

export function declares(capabilities: Record<string, unknown>, cap: { name: string; sub?: string }): boolean {
  const value = capabilities[cap.name];
  if (value === undefined || value === null || value === false) return false;
  if (!cap.sub) return true;
  return typeof value === 'object' && (value as Record<string, unknown>)[cap.sub] === true;
}

/** The list methods and the array each returns. */
export const LIST_METHODS: Record<string, { items: string; capability: string }> = {
  'tools/list': { items: 'tools', capability: 'tools' },
  'prompts/list': { items: 'prompts', capability: 'prompts' },
  'resources/list': { items: 'resources', capability: 'resources' },
  'resources/templates/list': { items: 'resourceTemplates', capability: 'resources' },
};
