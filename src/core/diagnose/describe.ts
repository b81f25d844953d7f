import type { RequestRecord } from './context';

/** A short quoted excerpt for messages: `"Server running on stdio"`. */
export function quote(text: string, max = 100): string {
  const t = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  // Readable rather than JSON-escaped: quoted JSON lines stay legible; only line breaks are escaped.
  return `"${t.replace(/\r/g, '\\r').replace(/\n/g, '\\n')}"`;
}

/** `tools/call "add" (id 3)`: the method, what it targets, and the id. */
export function describeRequest(r: Pick<RequestRecord, 'method' | 'id' | 'params'>): string {
  const p = r.params ?? {};
  let target = '';
  if ((r.method === 'tools/call' || r.method === 'prompts/get') && typeof p.name === 'string') target = ` "${p.name}"`;
  else if (r.method === 'resources/read' && typeof p.uri === 'string') target = ` ${quote(p.uri, 80)}`;
  else if (r.method.startsWith('tasks/') && typeof p.taskId === 'string') target = ` task ${quote(p.taskId, 60)}`;
  return `${r.method}${target} (id ${JSON.stringify(r.id)})`;
}

/** The name of the message that declared the capabilities. */
export function capabilitiesSource(method: string | undefined): string {
  return method === 'server/discover' ? 'DiscoverResult' : 'initialize result';
}

export function errorText(error: { code?: unknown; message?: unknown } | undefined): string {
  if (!error) return '';
  return `${String(error.code)} ${quote(String(error.message ?? ''))}`;
}
