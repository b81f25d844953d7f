import type { McpClient } from '../session/client';
import { ConnectionClosedError, ProtocolError, RequestTimeoutError } from '../session/errors';
import type { ListMethod } from '../session/protocol';
import { isRequest } from '../wire/message';
import { recordVerdict, type Probe, type ProbeContext } from './probe';
import { ignoreClosing } from '../util/ignored';

interface EraView {
  protocolVersion: string;
  capabilities: string[];
  tools: string[];
  resources: string[];
  prompts: string[];
}

/**
 * basic/versioning (2026-07-28): a dual-era server serves "2025-11-25 and earlier" through the
 * initialize handshake beside the modern revision, and a host of either era may connect. What
 * one era's hosts see and the other's do not is worth knowing (era-difference, info).
 */
export const legacyEraProbe: Probe = {
  id: 'legacy-era',
  title: 'a dual-era server offers the same things to legacy hosts',
  skip(ctx) {
    if (ctx.info.era !== 'modern') return 'the server speaks the legacy era already';
    return ctx.legacyClient ? undefined : 'a second connection would need another sign-in';
  },
  async run(ctx) {
    const legacy = ctx.legacyClient!();
    // Stopped by the runner (its bound): the second server goes too, not at its own timeouts.
    ctx.signal?.addEventListener('abort', () => void ignoreClosing(legacy.close()), { once: true });
    let view: EraView | undefined;
    try {
      view = await viewOf(legacy, ctx);
    } catch (error) {
      // A modern-only server may refuse initialize or ignore it: that is its right, not a fault.
      if (!(error instanceof ProtocolError || error instanceof RequestTimeoutError || error instanceof ConnectionClosedError)) throw error;
    } finally {
      await ignoreClosing(legacy.close());
    }
    const trace = ctx.client.trace;
    if (view === undefined) {
      trace.append({
        dir: 'meta',
        kind: 'note',
        raw: 'legacy era: the server does not answer the initialize handshake (modern only)',
        info: { legacyEra: null },
      });
      return;
    }
    const note = trace.append({
      dir: 'meta',
      kind: 'note',
      raw: `legacy era (${view.protocolVersion}): ${describe(view)}`,
      info: { legacyEra: view },
    });
    const modern: EraView = {
      protocolVersion: ctx.info.protocolVersion,
      capabilities: Object.keys(ctx.info.capabilities).sort(),
      tools: names(ctx.listed.tools, 'name'),
      resources: names(ctx.listed.resources, 'uri'),
      prompts: names(ctx.listed.prompts, 'name'),
    };
    const differences = (['capabilities', 'tools', 'resources', 'prompts'] as const).flatMap((key) =>
      difference(key, modern[key], view[key]),
    );
    if (differences.length === 0) return;
    recordVerdict(trace, 'legacy-era', {
      rule: 'era-difference',
      message: `the server speaks both eras and they differ: ${differences.join('; ')}`,
      hint: 'A host on 2025-11-25 sees the legacy side: register the same tools, resources and prompts, and declare the same capabilities, in both eras, unless the difference is intended.',
      evidence: [note.seq, discoverSeq(ctx)].filter((s) => s > 0),
    });
  },
};

async function viewOf(client: McpClient, ctx: ProbeContext): Promise<EraView | undefined> {
  const info = await client.connect();
  if (info.era !== 'legacy') return undefined;
  const opts = { timeoutMs: ctx.timeoutMs, maxTimeoutMs: ctx.timeoutMs };
  const list = async (method: ListMethod, capability: string, key: string) =>
    capability in info.capabilities ? names(await client.listAll(method, opts), key) : [];
  return {
    protocolVersion: info.protocolVersion,
    capabilities: Object.keys(info.capabilities).sort(),
    tools: await list('tools/list', 'tools', 'name'),
    resources: await list('resources/list', 'resources', 'uri'),
    prompts: await list('prompts/list', 'prompts', 'name'),
  };
}

function names(items: Record<string, unknown>[], key: string): string[] {
  return items
    .map((i) => i[key])
    .filter((v): v is string => typeof v === 'string')
    .sort();
}

function difference(what: string, modern: string[], legacy: string[]): string[] {
  const onlyModern = modern.filter((n) => !legacy.includes(n));
  const onlyLegacy = legacy.filter((n) => !modern.includes(n));
  const out: string[] = [];
  if (onlyModern.length) out.push(`${what} only in 2026-07-28: ${onlyModern.slice(0, 10).join(', ')}`);
  if (onlyLegacy.length) out.push(`${what} only in the legacy era: ${onlyLegacy.slice(0, 10).join(', ')}`);
  return out;
}

function describe(view: EraView): string {
  return `capabilities ${view.capabilities.join(', ') || 'none'}; ${view.tools.length} tools, ${view.resources.length} resources, ${view.prompts.length} prompts`;
}

/** The server/discover request of the modern session: what the legacy side is compared with. */
function discoverSeq(ctx: ProbeContext): number {
  return ctx.client.trace.events.find((e) => e.dir === 'c2s' && isRequest(e.msg) && e.msg.method === 'server/discover')?.seq ?? 0;
}
