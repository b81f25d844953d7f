import type { DiagnoseContext, RequestRecord } from './context';
import { idKey } from './context';

/** "Clients MUST correlate these using the io.modelcontextprotocol/subscriptionId field in _meta". */
const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

/** The notifications a 2026-07-28 client opts in to, by the SubscriptionFilter field that asks for each. */
export const STREAM_NOTIFICATIONS: Readonly<
  Record<string, 'toolsListChanged' | 'promptsListChanged' | 'resourcesListChanged' | 'resourceSubscriptions'>
> = {
  'notifications/tools/list_changed': 'toolsListChanged',
  'notifications/prompts/list_changed': 'promptsListChanged',
  'notifications/resources/list_changed': 'resourcesListChanged',
  'notifications/resources/updated': 'resourceSubscriptions',
};

/** The subscription id a server notification carries in `_meta`, if any. */
export function subscriptionIdOf(params: Record<string, unknown> | undefined): string | number | undefined {
  const meta = params?._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const id = (meta as Record<string, unknown>)[SUBSCRIPTION_ID];
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/** The client's subscriptions/listen request with that id while its stream is open (not answered, not cancelled by either side). */
export function openStream(ctx: DiagnoseContext, id: string | number): RequestRecord | undefined {
  const r = ctx.requests.get(idKey(id));
  if (r?.method !== 'subscriptions/listen' || r.responseSeq !== undefined || r.cancelledSeq !== undefined) return undefined;
  return r;
}

/** A listen request whose stream has ended (answered or cancelled): messages for it are another rule's business. */
export function endedStream(ctx: DiagnoseContext, id: string | number): boolean {
  const r = ctx.requests.get(idKey(id));
  return r?.method === 'subscriptions/listen' && (r.responseSeq !== undefined || r.cancelledSeq !== undefined);
}

/** Whether the stream's request asked for this notification method. */
export function asked(stream: RequestRecord, method: string): boolean {
  const field = STREAM_NOTIFICATIONS[method];
  const filter = stream.params?.notifications;
  if (!field || typeof filter !== 'object' || filter === null) return false;
  const value = (filter as Record<string, unknown>)[field];
  // resources/updated: any URI asked for (an update "might be a sub-resource" of one).
  return field === 'resourceSubscriptions' ? Array.isArray(value) && value.length > 0 : value === true;
}
