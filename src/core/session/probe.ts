import { HttpStatusError } from '../transport/httpErrors';
import { ProtocolError, RequestTimeoutError } from './errors';
import { LEGACY_VERSIONS, META_SERVER_INFO, UNSUPPORTED_PROTOCOL_VERSION } from './protocol';
import type { ServerInfo } from './clientOptions';
import { asRecord } from '../schema/isRecord';

export type EraOutcome =
  | { era: 'modern'; info: ServerInfo; reason: string }
  /** `timedOut`: the probe went unanswered, so a late answer may still prove the server modern. */
  | { era: 'legacy'; protocolVersion: string; reason: string; timedOut?: boolean };

export interface ProbeDeps {
  /** Sends server/discover with the modern `_meta` for `version`; the client owns its timeout. */
  discover(version: string): Promise<Record<string, unknown>>;
  modernVersions: string[];
}

/**
 * The dual-era stdio probe: "probe with server/discover before sending any other request".
 * A DiscoverResult → modern. A recognised modern error (-32022) → modern, retried with a
 * version from `data.supported` ("Do not fall back to initialize"). "Any other error, or
 * does not respond within a reasonable timeout: the server is legacy."
 */
export async function probeEra(deps: ProbeDeps): Promise<EraOutcome> {
  const legacy = (reason: string, protocolVersion: string = LEGACY_VERSIONS[0]): EraOutcome => ({ era: 'legacy', protocolVersion, reason });
  const tried = new Set<string>();
  const retried = new Set<string>();
  let version = deps.modernVersions[0]!;
  for (;;) {
    tried.add(version);
    let result: Record<string, unknown>;
    try {
      result = await deps.discover(version);
    } catch (err) {
      if (err instanceof RequestTimeoutError) {
        const after = err.afterMs === undefined ? '' : ` within ${err.afterMs} ms`;
        return { era: 'legacy', protocolVersion: LEGACY_VERSIONS[0], reason: `server/discover got no response${after}`, timedOut: true };
      }
      // Streamable HTTP: "If the body is empty or is not a recognized modern JSON-RPC error, fall back to initialize".
      if (err instanceof HttpStatusError && err.status === 400) {
        return legacy('server/discover was refused with HTTP 400 and no JSON-RPC error');
      }
      if (!(err instanceof ProtocolError)) throw err;
      if (err.code !== UNSUPPORTED_PROTOCOL_VERSION) {
        return legacy(`server/discover was answered with error ${err.code} (${err.message})`);
      }
      const supported = supportedVersions(err.data);
      // "SHOULD select a mutually supported version from the supported list and retry": that can
      // be the version just refused when the server lists it (retried once, so no loop).
      const next = deps.modernVersions.find((v) => supported.includes(v) && !tried.has(v)) ?? retryOnce(version, supported, retried);
      if (next) {
        if (next === version) retried.add(version);
        version = next;
        continue;
      }
      const legacyVersion = LEGACY_VERSIONS.find((v) => supported.includes(v));
      if (legacyVersion) {
        return legacy(`server/discover: the server supports only ${supported.join(', ')}`, legacyVersion);
      }
      throw new ProtocolError(
        err.code,
        `No protocol version in common: the server supports ${supported.join(', ') || 'none it named'}; MCP Lens speaks ${[...deps.modernVersions, ...LEGACY_VERSIONS].join(', ')}`,
        err.data,
        err.responseSeq,
        'server/discover',
      );
    }
    return readDiscoverResult(
      result,
      version,
      deps.modernVersions,
      tried.size > 1 || retried.size > 0 ? ` after -32022 (retried with ${version})` : '',
    );
  }
}

function retryOnce(version: string, supported: string[], retried: ReadonlySet<string>): string | undefined {
  return supported.includes(version) && !retried.has(version) ? version : undefined;
}

/** The era a server/discover result proves: a DiscoverResult is modern; anything else is legacy. */
export function readDiscoverResult(
  result: Record<string, unknown>,
  version: string,
  modernVersions: readonly string[],
  how = '',
): EraOutcome {
  if (!Array.isArray(result.supportedVersions)) {
    return {
      era: 'legacy',
      protocolVersion: LEGACY_VERSIONS[0],
      reason: 'server/discover returned a result that is not a DiscoverResult (no supportedVersions)',
    };
  }
  const offered = result.supportedVersions.filter((v): v is string => typeof v === 'string');
  const protocolVersion = offered.includes(version) ? version : (modernVersions.find((v) => offered.includes(v)) ?? version);
  const info: ServerInfo = {
    era: 'modern',
    protocolVersion,
    capabilities: asRecord(result.capabilities) ?? {},
  };
  const serverInfo = asRecord(asRecord(result._meta)?.[META_SERVER_INFO]) ?? asRecord(result.serverInfo);
  if (serverInfo && typeof serverInfo.name === 'string') info.serverInfo = serverInfo as { name: string; version: string };
  if (typeof result.instructions === 'string') info.instructions = result.instructions;
  return { era: 'modern', info, reason: `server/discover returned a DiscoverResult${how}` };
}

/** A late answer that proves a modern server: a DiscoverResult, or a recognised modern error (-32022). */
export function provesModern(response: { result?: unknown; error?: { code: number } }): boolean {
  if (response.error) return response.error.code === UNSUPPORTED_PROTOCOL_VERSION;
  return Array.isArray(asRecord(response.result)?.supportedVersions);
}

function supportedVersions(data: unknown): string[] {
  const list = asRecord(data)?.supported;
  return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
}
