import { INVALID_PARAMS, LEGACY_RESOURCE_NOT_FOUND } from '../resources/readFailure';
import type { McpClient } from '../session/client';
import { isRequest, isResponse } from '../wire/message';
import { recordVerdict } from './probe';
import { absent } from '../util/ignored';

/**
 * `mcp-lens read` of a URI answered with empty contents: when no listed resource and no
 * template names the URI, the server answered an unknown resource with an empty read, which
 * SEP-2164 forbids ("MUST NOT return an empty contents array"; 2025-11-25: -32002) — the
 * unknown-resource probe's finding, recorded in the trace so the diagnostics report it.
 */
export async function judgeEmptyRead(client: McpClient, uri: string, result: Record<string, unknown>, timeoutMs: number): Promise<void> {
  if (Array.isArray(result.contents) && result.contents.length > 0) return;
  const info = client.info;
  if (!info || !('resources' in info.capabilities)) return;
  const opts = { timeoutMs, maxTimeoutMs: timeoutMs };
  const [resources, templates] = await Promise.all([
    client.listAll('resources/list', opts).catch(absent),
    client.listAll('resources/templates/list', opts).catch(absent),
  ]);
  // Without the list there is no telling an unknown resource from an empty one.
  if (resources === undefined) return;
  if (resources.some((r) => r.uri === uri)) return;
  if ((templates ?? []).some((t) => typeof t.uriTemplate === 'string' && templateMatches(t.uriTemplate, uri))) return;
  const expected = info.era === 'modern' ? INVALID_PARAMS : LEGACY_RESOURCE_NOT_FOUND;
  recordVerdict(client.trace, 'unknown-resource', {
    rule: 'unknown-resource-answered',
    message: `resources/read of ${uri}, which no listed resource or template names, was answered with empty contents instead of error ${expected}`,
    hint: `A resource that does not exist is an error: answer it with JSON-RPC error ${expected}, never an empty contents array (a host cannot tell that from an empty file).`,
    evidence: readSeqs(client, uri),
  });
}

/** Whether a URI could be an expansion of the template: each {expression} stands for any text. */
function templateMatches(template: string, uri: string): boolean {
  const pattern = template
    .split(/\{[^}]*\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`, 's').test(uri);
}

/** The empty answer first, then the read it answers. */
function readSeqs(client: McpClient, uri: string): number[] {
  const events = client.trace.events;
  const request = [...events]
    .reverse()
    .find((e) => e.dir === 'c2s' && isRequest(e.msg) && e.msg.method === 'resources/read' && e.msg.params?.uri === uri);
  const id = request?.msg && 'id' in request.msg ? request.msg.id : undefined;
  const response = request && events.find((e) => e.seq > request.seq && e.dir === 's2c' && isResponse(e.msg) && e.msg.id === id);
  return [response?.seq, request?.seq].filter((s): s is number => s !== undefined);
}
