import { isRecord } from '../../../core/schema/isRecord';

/** What the hot-reload proxy adds to the server's tools: named so no agent takes it for the server's own. */
export const RESTART_TOOL = {
  name: 'mcp_lens_restart_server',
  description:
    'Added by the mcp-lens hot-reload proxy, not part of the server: restarts the MCP server under development (after its code changed) while this session stays connected. Requests still in flight are answered with an error; notifications/*/list_changed follows when its tools, prompts or resources changed (protocol 2026-07-28: only on the subscriptions/listen streams that asked for it, which stay open across the restart).',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
};

export type ListKind = 'tools' | 'prompts' | 'resources';
export const LIST_KIND_OF: Record<string, ListKind | undefined> = {
  'tools/list': 'tools',
  'prompts/list': 'prompts',
  'resources/list': 'resources',
};
/** The 2026-07-28 SubscriptionFilter field that opts in to each list's list_changed. */
export const LIST_CHANGED_FIELD = {
  tools: 'toolsListChanged',
  prompts: 'promptsListChanged',
  resources: 'resourcesListChanged',
} as const satisfies Record<ListKind, string>;
const KINDS = ['tools', 'prompts', 'resources'] as const;

type Obj = Record<string, unknown>;

/** The first page of a tools/list answer, with the restart tool appended (once). */
export function withRestartTool(response: Obj): Obj {
  const result = isRecord(response.result) ? response.result : undefined;
  if (!result || !Array.isArray(result.tools)) return response;
  if (result.tools.some((t) => isRecord(t) && t.name === RESTART_TOOL.name)) return response;
  return { ...response, result: { ...result, tools: [...result.tools, RESTART_TOOL] } };
}

/**
 * The initialize answer as the host must see it for hot reload to work: a tools capability
 * (the restart tool is a tool) and listChanged on every list the server declares, since the
 * proxy sends list_changed after a restart.
 */
export function withListChanged(response: Obj): Obj {
  const result = isRecord(response.result) ? response.result : undefined;
  if (!result) return response;
  const capabilities = isRecord(result.capabilities) ? { ...result.capabilities } : {};
  for (const kind of KINDS) {
    const declared = isRecord(capabilities[kind]) ? (capabilities[kind] as Obj) : undefined;
    if (declared || kind === 'tools') capabilities[kind] = { ...declared, listChanged: true };
  }
  return { ...response, result: { ...result, capabilities } };
}

/** The items of a list answer (tools, prompts or resources), as comparable text. */
export function listItems(kind: ListKind, response: Obj): string | undefined {
  const result = isRecord(response.result) ? response.result : undefined;
  const items = result?.[kind];
  return Array.isArray(items) ? JSON.stringify(items) : undefined;
}

/**
 * The 2026-07-28 `server/discover` answer, rewritten as `withListChanged` rewrites initialize's:
 * a modern host opens a `subscriptions/listen` stream only for lists that declare listChanged,
 * and list_changed may go nowhere else. Anything that is not a DiscoverResult passes as it is.
 */
export function withDiscoverListChanged(response: Obj): Obj {
  const result = isRecord(response.result) ? response.result : undefined;
  return result && Array.isArray(result.supportedVersions) ? withListChanged(response) : response;
}

/** The lists whose capability declares listChanged in an (already rewritten) initialize or discover answer. */
export function listChangedKinds(response: Obj): ListKind[] {
  const result = isRecord(response.result) ? response.result : undefined;
  const capabilities = isRecord(result?.capabilities) ? result.capabilities : {};
  return KINDS.filter((kind) => isRecord(capabilities[kind]) && capabilities[kind].listChanged === true);
}

/**
 * A child's `notifications/subscriptions/acknowledged`, granting also what the proxy honours
 * ("the notification types the server agreed to honor"): the list_changed it sends after a
 * restart, for the lists it declared and the host asked for. Undefined when nothing is added.
 */
export function withGranted(ack: Obj, asked: Obj, honoured: readonly ListKind[]): Obj | undefined {
  const params = isRecord(ack.params) ? ack.params : {};
  const granted = isRecord(params.notifications) ? params.notifications : {};
  const added = honoured.map((kind) => LIST_CHANGED_FIELD[kind]).filter((field) => asked[field] === true && granted[field] !== true);
  if (added.length === 0) return undefined;
  return { ...ack, params: { ...params, notifications: { ...granted, ...Object.fromEntries(added.map((field) => [field, true])) } } };
}
