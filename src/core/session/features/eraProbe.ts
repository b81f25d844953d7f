import { asRecord } from '../../schema/isRecord';
import type { ServerInfo } from '../clientOptions';
import { initializeUnlessLateModern, LateProbeAnswer } from '../lateModern';
import { probeEra, type EraOutcome } from '../probe';
import { LEGACY_VERSIONS } from '../protocol';
import type { FeatureHost } from './feature';

export interface EraProbeOptions {
  clientInfo: { name: string; version: string };
  /** Modern revisions to offer, preferred first; none: legacy `initialize` only, no era probe. */
  modernVersions: string[];
  /** How long server/discover waits once the server has written anything. */
  probeTimeoutMs: number;
  /** Its bound for a server that has written nothing yet (still starting). */
  probeMaxWaitMs: number;
}

/**
 * Learns the server's era: server/discover first ("The fallback MUST NOT be keyed to one
 * specific error code"), the legacy `initialize` handshake when the server is legacy, and a
 * late answer to a timed-out probe that still proves it modern (lateModern.ts).
 */
export class EraProbe {
  /** The last probe's answer, should it come after its timeout. */
  private lateDiscover: LateProbeAnswer | undefined;

  constructor(
    private readonly host: FeatureHost,
    private readonly options: EraProbeOptions,
  ) {}

  /** The server's era and info, the legacy handshake completed when there is one. */
  async learn(): Promise<ServerInfo> {
    // No modern revision to offer (check's second, legacy-only connection to a dual-era server): straight to initialize.
    const outcome: EraOutcome =
      this.options.modernVersions.length === 0
        ? { era: 'legacy', protocolVersion: LEGACY_VERSIONS[0], reason: 'the client offers only the legacy handshake' }
        : await this.probe();
    this.recordEra(outcome);
    if (outcome.era === 'modern') return outcome.info;
    return outcome.timedOut ? await this.legacyUnlessLateModern(outcome.protocolVersion) : await this.initialize(outcome.protocolVersion);
  }

  /** The legacy handshake: initialize, then notifications/initialized. */
  async initialize(protocolVersion: string, onId?: (id: number) => void): Promise<ServerInfo> {
    const capabilities = this.host.declared('legacy');
    const result = await this.host.exchange.send(
      'initialize',
      { protocolVersion, capabilities, clientInfo: this.options.clientInfo },
      { cancelOnTimeout: false, onId },
    );
    // "After successful initialization, the client MUST send an initialized notification".
    await this.host.exchange.notify('notifications/initialized');
    const info: ServerInfo = {
      era: 'legacy',
      protocolVersion: typeof result.protocolVersion === 'string' ? result.protocolVersion : protocolVersion,
      capabilities: asRecord(result.capabilities) ?? {},
    };
    const serverInfo = asImplementation(result.serverInfo);
    if (serverInfo) info.serverInfo = serverInfo;
    if (typeof result.instructions === 'string') info.instructions = result.instructions;
    return info;
  }

  /** After a probe timeout: initialize, unless the probe's late answer proves the server modern first (lateModern.ts). */
  private async legacyUnlessLateModern(protocolVersion: string): Promise<ServerInfo> {
    const decided = await initializeUnlessLateModern({
      late: this.lateDiscover!,
      initialize: (onId) => this.initialize(protocolVersion, onId),
      abandon: (id, reason) => this.host.exchange.abandon(id, reason),
      probe: () => this.probe(),
      modernVersions: this.options.modernVersions,
    });
    this.host.exchange.forgetLateAnswers();
    if ('legacy' in decided) return decided.legacy;
    this.recordEra(decided.modern);
    return decided.modern.era === 'modern' ? decided.modern.info : this.initialize(decided.modern.protocolVersion);
  }

  private probe(): Promise<EraOutcome> {
    return probeEra({ discover: (version) => this.discover(version), modernVersions: this.options.modernVersions });
  }

  /**
   * server/discover, timed for a process that may still be starting: the whole budget
   * (probeMaxWaitMs) while the server has written nothing, probeTimeoutMs from its first
   * output. The timeout is recorded (an answer, not a fault: never cancelled) and a late
   * answer is kept for legacyUnlessLateModern.
   */
  private discover(version: string): Promise<Record<string, unknown>> {
    const quiet = this.options.probeTimeoutMs;
    const max = Math.max(quiet, this.options.probeMaxWaitMs);
    const late = new LateProbeAnswer(version);
    this.lateDiscover = late;
    return this.host.exchange.send(
      'server/discover',
      { _meta: this.host.requestMeta(version) },
      {
        timeoutMs: this.host.exchange.serverAlive ? quiet : max,
        maxTimeoutMs: max,
        quietAfterLifeMs: quiet,
        cancelOnTimeout: false,
        rawParams: true,
        onLate: (answer) => late.deliver(answer),
      },
    );
  }

  private recordEra(outcome: EraOutcome): void {
    const protocolVersion = outcome.era === 'modern' ? outcome.info.protocolVersion : outcome.protocolVersion;
    this.host.trace.append({
      dir: 'meta',
      kind: 'era',
      raw: `${outcome.era} era (${protocolVersion}): ${outcome.reason}`,
      info: { era: outcome.era, protocolVersion, reason: outcome.reason },
    });
  }
}

function asImplementation(v: unknown): { name: string; version: string } | undefined {
  const r = asRecord(v);
  return r && typeof r.name === 'string' ? (r as { name: string; version: string }) : undefined;
}
