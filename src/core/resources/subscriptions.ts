import type { ResourcePart } from './contents';

/**
 * Legacy subscriptions: `resources/subscribe` is only for a server whose capabilities say
 * `resources.subscribe: true`. 2026-07-28 removed it (replaced by `subscriptions/listen`).
 */
export function canSubscribe(info: { era: 'modern' | 'legacy'; capabilities: Record<string, unknown> } | undefined): boolean {
  if (!info || info.era !== 'legacy') return false;
  const resources = info.capabilities.resources;
  return typeof resources === 'object' && resources !== null && (resources as Record<string, unknown>).subscribe === true;
}

/**
 * How a resource is watched: legacy `resources/subscribe`, or a 2026-07-28
 * `subscriptions/listen` stream with `resourceSubscriptions`. Either way only where the server
 * declares `resources.subscribe` ("Whether this server supports subscribing to resource updates").
 */
export function watchVia(
  info: { era: 'modern' | 'legacy'; capabilities: Record<string, unknown> } | undefined,
): 'subscribe' | 'listen' | undefined {
  if (!info) return undefined;
  const resources = info.capabilities.resources;
  const declared = typeof resources === 'object' && resources !== null && (resources as Record<string, unknown>).subscribe === true;
  if (!declared) return undefined;
  return info.era === 'modern' ? 'listen' : 'subscribe';
}

/** What changed between two reads of a watched resource, in one line. */
export function describeChange(before: ResourcePart[] | undefined, after: ResourcePart[] | undefined): string {
  if (!before || !after) return after ? 'read again' : 'the read failed';
  const textOf = (parts: ResourcePart[]) => parts.map((p) => (p.kind === 'text' ? p.text : p.kind === 'blob' ? p.blob : '')).join('\u0000');
  if (textOf(before) === textOf(after)) return 'unchanged';
  const a = textOf(before).split('\n');
  const b = textOf(after).split('\n');
  const changedLines = Math.max(a.length, b.length) - a.filter((line, i) => b[i] === line).length;
  const size = (parts: ResourcePart[]) =>
    parts.reduce((n, p) => n + (p.kind === 'text' ? p.text.length : p.kind === 'blob' ? p.bytes : 0), 0);
  return `${changedLines} line${changedLines === 1 ? '' : 's'} changed (${size(before)} → ${size(after)} ${after.some((p) => p.kind === 'blob') ? 'bytes' : 'characters'})`;
}
